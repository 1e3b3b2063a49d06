// SPDX-License-Identifier: Apache-2.0
package dev.baton.bench.fence;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.baton.bench.BenchmarkFailure;
import dev.baton.bench.ResultLines;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Small runs of fence-overhead on the stores that need no outside server (H2, embedded ZooKeeper).
 */
class FenceOverheadTest {
  @Test
  void printsOneResultLinePerStoreWithTheRatioFirst() throws Exception {
    String out =
        ResultLines.stdoutOf(
            () ->
                new FenceOverhead()
                    .run(
                        List.of(
                            "--stores=h2,zookeeper",
                            "--warmup=5",
                            "--writes=30",
                            "--batch=7",
                            "--fsync=false")));
    List<String> lines = out.lines().toList();
    assertThat(lines).hasSize(2);
    assertThat(lines.get(0))
        .startsWith("RESULT fence-overhead store=h2 ratio=")
        .contains(
            " fenced_p50_us=",
            " fenced_p99_us=",
            " unfenced_p50_us=",
            " unfenced_p99_us=",
            " new_term_ratio=",
            " writes=30");
    assertThat(lines.get(1)).startsWith("RESULT fence-overhead store=zookeeper ratio=");
  }

  @Test
  void anUnreachablePostgresqlFailsWithAHint() {
    assertThatThrownBy(
            () ->
                SqlStore.open(
                    "postgresql",
                    "jdbc:postgresql://127.0.0.1:1/baton?user=baton&password=secret&connectTimeout=2",
                    "t"))
        .isInstanceOf(BenchmarkFailure.class)
        .hasMessageContaining("postgres-up")
        .hasMessageContaining("BATON_PG_URL")
        .hasMessageNotContaining("secret");
  }

  @Test
  void unknownStoresAndBadCountsAreInvalidArguments() {
    assertThatThrownBy(() -> new FenceOverhead().run(List.of("--stores=mysql")))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("mysql");
    assertThatThrownBy(() -> new FenceOverhead().run(List.of("--writes=0")))
        .isInstanceOf(IllegalArgumentException.class);
  }
}
