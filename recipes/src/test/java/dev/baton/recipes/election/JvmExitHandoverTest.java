// SPDX-License-Identifier: Apache-2.0
package dev.baton.recipes.election;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.baton.testkit.ZooKeeperFixtures;
import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;
import org.apache.curator.test.TestingServer;
import org.junit.jupiter.api.Test;

/**
 * A leader in its own JVM with {@code closeOnJvmExit} is stopped with SIGTERM: its shutdown hook
 * closes the election and the session, so the successor leads within a second or two, not after the
 * 30 s session timeout.
 */
class JvmExitHandoverTest {
  @Test
  void aGracefulJvmExitHandsOverWithoutWaitingForTheSessionTimeout() throws Exception {
    Duration session = Duration.ofSeconds(30);
    try (TestingServer server = ZooKeeperFixtures.startServer();
        Candidates candidates = new Candidates(server.getConnectString(), session)) {
      String java =
          System.getProperty("java.home") + File.separator + "bin" + File.separator + "java";
      Path out = Files.createTempFile("baton-child", ".out");
      Process child =
          new ProcessBuilder(
                  java,
                  "-cp",
                  System.getProperty("java.class.path"),
                  ChildCandidateMain.class.getName(),
                  server.getConnectString(),
                  candidates.path,
                  "child",
                  Long.toString(session.toMillis()))
              .redirectOutput(out.toFile())
              .redirectError(ProcessBuilder.Redirect.DISCARD)
              .start();
      Callable<List<String>> lines = () -> Files.readAllLines(out, StandardCharsets.UTF_8);
      try {
        await()
            .atMost(Duration.ofSeconds(60))
            .until(() -> lines.call().stream().anyMatch(l -> l.startsWith("ELECTED")));
        TestCandidate successor = candidates.join();
        long start = System.nanoTime();
        child.destroy(); // SIGTERM: runs the shutdown hook
        assertThat(child.waitFor(30, TimeUnit.SECONDS)).isTrue();
        await().atMost(Duration.ofSeconds(10)).until(() -> successor.election().isLeader());
        assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(Duration.ofSeconds(10));
        await()
            .atMost(Duration.ofSeconds(5))
            .until(() -> lines.call().stream().anyMatch(l -> l.startsWith("REVOKED")));
        assertThat(lines.call()).anyMatch(l -> l.startsWith("REVOKED") && l.endsWith("CLOSED"));
      } finally {
        child.destroyForcibly();
      }
    }
  }
}
