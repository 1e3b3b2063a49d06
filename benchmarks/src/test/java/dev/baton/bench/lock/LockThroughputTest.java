// SPDX-License-Identifier: Apache-2.0
package dev.baton.bench.lock;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.baton.bench.ResultLines;
import java.util.List;
import org.junit.jupiter.api.Test;

class LockThroughputTest {
  @Test
  void printsOneResultLinePerContenderCountWithTheRatioFirst() throws Exception {
    List<String> lines =
        ResultLines.linesOf(
            () ->
                new LockThroughput()
                    .run(
                        List.of(
                            "--contenders=1,3",
                            "--warmup-ms=0",
                            "--duration-ms=400",
                            "--slices=2",
                            "--fsync=false")));
    assertThat(lines).hasSize(2);
    assertThat(lines.get(0))
        .startsWith("RESULT lock contenders=1 ratio=")
        .contains(" baton_ops_per_s=", " curator_ops_per_s=", " baton_p50_ms=", " curator_p50_ms=");
    assertThat(lines.get(1))
        .startsWith("RESULT lock contenders=3 ratio=")
        .contains(" baton_requests_per_op=", " curator_requests_per_op=");
  }

  @Test
  void invalidArgumentsAreRejected() {
    for (String arg : List.of("--contenders=0", "--slices=0", "--no-such-key")) {
      assertThatThrownBy(() -> new LockThroughput().run(List.of(arg)))
          .as(arg)
          .isInstanceOf(IllegalArgumentException.class);
    }
  }
}
