// SPDX-License-Identifier: Apache-2.0
package dev.baton.recipes.scheduler;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import org.junit.jupiter.api.Test;

/** The retry backoff doubles up to its cap; every field is validated with its name. */
class ClaimConfigTest {
  @Test
  void theRetryDelayDoublesPerAttemptUpToTheCap() {
    ClaimConfig c =
        ClaimConfig.DEFAULT.withRetryBackoff(Duration.ofSeconds(1), Duration.ofSeconds(5));
    assertThat(c.retryDelay(1)).isEqualTo(Duration.ofSeconds(1));
    assertThat(c.retryDelay(2)).isEqualTo(Duration.ofSeconds(2));
    assertThat(c.retryDelay(3)).isEqualTo(Duration.ofSeconds(4));
    assertThat(c.retryDelay(4)).isEqualTo(Duration.ofSeconds(5));
    assertThat(c.retryDelay(Integer.MAX_VALUE)).isEqualTo(Duration.ofSeconds(5));
    assertThat(ClaimConfig.DEFAULT.withRetryBackoff(Duration.ZERO, Duration.ZERO).retryDelay(3))
        .isZero();
  }

  @Test
  void theDefaultsAreTheDocumentedOnes() {
    ClaimConfig d = ClaimConfig.DEFAULT;
    assertThat(d.lease()).isEqualTo(Duration.ofSeconds(30));
    assertThat(d.maxAttempts()).isEqualTo(5);
    assertThat(d.retryBackoff()).isEqualTo(Duration.ofSeconds(5));
    assertThat(d.maxRetryBackoff()).isEqualTo(Duration.ofMinutes(5));
    assertThat(d.doneRetention()).isEqualTo(Duration.ofDays(7));
    assertThat(d.failedRetention()).isEqualTo(Duration.ofDays(30));
    assertThat(new ClaimConfig(Duration.ofSeconds(30), 5)).isEqualTo(d);
  }

  @Test
  void invalidFieldsAreNamed() {
    ClaimConfig d = ClaimConfig.DEFAULT;
    assertThatThrownBy(() -> d.withRetryBackoff(Duration.ofSeconds(-1), Duration.ofSeconds(1)))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("retryBackoff");
    assertThatThrownBy(() -> d.withRetryBackoff(Duration.ofSeconds(2), Duration.ofSeconds(1)))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("maxRetryBackoff");
    assertThatThrownBy(() -> d.withRetention(Duration.ofMillis(10), Duration.ofDays(1)))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("doneRetention");
    assertThatThrownBy(() -> d.withRetention(Duration.ofDays(1), Duration.ZERO))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("failedRetention");
    assertThatThrownBy(() -> d.withRetryBackoff(null, Duration.ofSeconds(1)))
        .isInstanceOf(NullPointerException.class)
        .hasMessageContaining("retryBackoff");
  }
}
