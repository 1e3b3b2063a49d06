// SPDX-License-Identifier: Apache-2.0
package dev.baton.partition;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.Arrays;
import java.util.concurrent.Executor;
import org.junit.jupiter.api.Test;

class GroupConfigTest {
  @Test
  void defaults() {
    GroupConfig c = GroupConfig.builder("/g").build();
    assertThat(c.memberId()).isNotBlank();
    assertThat(c.weight()).isEqualTo(1);
    assertThat(c.zone()).isEmpty();
    assertThat(c.partitionCount()).isEmpty();
    assertThat(c.drainTimeout()).isEqualTo(Duration.ofSeconds(10));
    assertThat(c.rejoinGrace()).isZero();
    assertThat(c.rebalanceDelay()).isEqualTo(Duration.ofMillis(200));
    assertThat(c.rebalanceMaxDelay()).isEqualTo(Duration.ofSeconds(2));
  }

  @Test
  void callbacksCannotBeSentToAnExecutorThatCouldRunThemOnTheLoop() {
    // No option takes an executor (a direct one would run callbacks on the member's loop thread):
    // callbacks always run on the member's own pool.
    assertThat(GroupConfig.Builder.class.getMethods())
        .isNotEmpty()
        .noneMatch(
            m -> Arrays.stream(m.getParameterTypes()).anyMatch(Executor.class::isAssignableFrom));
  }

  @Test
  void invalidFieldsAreNamed() {
    assertThatThrownBy(() -> GroupConfig.builder("g").build()).hasMessageContaining("group");
    assertThatThrownBy(() -> GroupConfig.builder("/svc@eu/consumers").build())
        .hasMessageContaining("group path scopes its fencing tokens");
    assertThatThrownBy(() -> GroupConfig.builder("/" + "g".repeat(495)).build())
        .hasMessageContaining("group path scopes its fencing tokens");
    assertThatThrownBy(() -> GroupConfig.builder("/g").memberId("a/b").build())
        .hasMessageContaining("memberId");
    assertThatThrownBy(() -> GroupConfig.builder("/g").memberId("").build())
        .hasMessageContaining("memberId");
    assertThatThrownBy(() -> GroupConfig.builder("/g").weight(0).build())
        .hasMessageContaining("weight");
    assertThatThrownBy(() -> GroupConfig.builder("/g").zone("a b").build())
        .hasMessageContaining("zone");
    assertThatThrownBy(() -> GroupConfig.builder("/g").partitionCount(0).build())
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("partitionCount");
    assertThatThrownBy(() -> GroupConfig.builder("/g").drainTimeout(Duration.ofSeconds(-1)).build())
        .hasMessageContaining("drainTimeout");
    assertThatThrownBy(
            () -> GroupConfig.builder("/g").rebalanceDelay(Duration.ofSeconds(5)).build())
        .hasMessageContaining("rebalanceMaxDelay");
    assertThatThrownBy(() -> GroupConfig.builder("/g").strategy(null))
        .isInstanceOf(NullPointerException.class)
        .hasMessage("strategy");
  }
}
