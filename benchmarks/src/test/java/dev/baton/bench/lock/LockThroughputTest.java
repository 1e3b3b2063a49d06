package dev.baton.bench.lock;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

class LockThroughputTest {
  @Test
  void printsOneResultLinePerContenderCountWithTheRatioFirst() throws Exception {
    PrintStream original = System.out;
    ByteArrayOutputStream buffer = new ByteArrayOutputStream();
    System.setOut(new PrintStream(buffer, true, StandardCharsets.UTF_8));
    try {
      new LockThroughput().run(List.of("--contenders=1,3", "--warmup-ms=0", "--duration-ms=400", "--slices=2",
          "--fsync=false"));
    } finally {
      System.setOut(original);
    }
    List<String> lines = buffer.toString(StandardCharsets.UTF_8).lines().toList();
    assertThat(lines).hasSize(2);
    assertThat(lines.get(0)).startsWith("RESULT lock contenders=1 ratio=")
        .contains(" baton_ops_per_s=", " curator_ops_per_s=", " baton_p50_ms=", " curator_p50_ms=");
    assertThat(lines.get(1)).startsWith("RESULT lock contenders=3 ratio=")
        .contains(" baton_requests_per_op=", " curator_requests_per_op=");
  }

  @Test
  void invalidArgumentsAreRejected() {
    for (String arg : List.of("--contenders=0", "--slices=0", "--no-such-key")) {
      assertThatThrownBy(() -> new LockThroughput().run(List.of(arg)))
          .as(arg).isInstanceOf(IllegalArgumentException.class);
    }
  }
}
