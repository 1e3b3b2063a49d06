// SPDX-License-Identifier: Apache-2.0
package dev.baton.bench.failover;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;

class FailoverOptionsTest {
  @Test
  void crashDefaults() {
    FailoverOptions o = crash();
    assertThat(o.sessionTimeoutsMs()).containsExactly(2000, 6000, 15000);
    assertThat(o.rounds()).isEqualTo(4);
    assertThat(o.warmup()).isZero();
    assertThat(o.followers()).isEqualTo(2);
    assertThat(o.servers()).isEqualTo(3);
    assertThat(o.clientSettings("zk:1", 2000).connectionTimeoutMs()).isEqualTo(2000);
    assertThat(o.clientSettings("zk:1", 15000).connectionTimeoutMs()).isEqualTo(5000);
  }

  @Test
  void sigtermDefaultsAndArguments() {
    FailoverOptions d = sigterm();
    assertThat(d.sessionTimeoutsMs()).containsExactly(15000);
    assertThat(d.servers()).isZero();
    assertThat(FailoverOptions.serversKey(d.servers())).isEqualTo("embedded");

    FailoverOptions o =
        sigterm(
            "--session-timeout-ms=4000",
            "--rounds=3",
            "--warmup=0",
            "--followers=1",
            "--settle-ms=0",
            "--connection-timeout-ms=9000",
            "--servers=3");
    assertThat(o).isEqualTo(new FailoverOptions(List.of(4000), 3, 0, 1, 0, 9000, 3));
    assertThat(o.clientSettings("zk:1", 4000).connectionTimeoutMs()).isEqualTo(9000);
  }

  @Test
  void invalidArgumentsAreRejected() {
    for (String arg :
        List.of(
            "--rounds=0",
            "--followers=0",
            "--warmup=-1",
            "--servers=8",
            "--servers=some",
            "--session-timeouts-ms=2000,0",
            "--session-timeout-ms=2000",
            "--no-such-key=1")) {
      assertThatThrownBy(() -> crash(arg)).as(arg).isInstanceOf(IllegalArgumentException.class);
    }
    assertThatThrownBy(() -> sigterm("--session-timeout-ms=2000,6000"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("one value");
  }

  /** The options {@code failover-crash} runs with after {@code args}. */
  private static FailoverOptions crash(String... args) {
    return new FailoverCrash().options(List.of(args)).orElseThrow();
  }

  /** The options {@code failover-sigterm} runs with after {@code args}. */
  private static FailoverOptions sigterm(String... args) {
    return new FailoverSigterm().options(List.of(args)).orElseThrow();
  }
}
