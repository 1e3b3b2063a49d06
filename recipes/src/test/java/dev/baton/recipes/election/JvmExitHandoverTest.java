// SPDX-License-Identifier: Apache-2.0
package dev.baton.recipes.election;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.baton.testkit.ChildJvm;
import dev.baton.testkit.ZooKeeperFixtures;
import java.time.Duration;
import org.apache.curator.test.TestingServer;
import org.junit.jupiter.api.Test;

/**
 * A leader in its own JVM with {@code closeOnJvmExit} is stopped with SIGTERM: its shutdown hook
 * closes the election and the session, so the successor leads long before the session would expire.
 *
 * <p>What is timed: from just before the signal to the successor's {@code elected} callback (the
 * time {@link TermRecorder} takes in it), not to the end of the leader's process. The leader's JVM
 * ends well after the handover (its hook also closes the session, and ZooKeeper's client spends
 * about 100 ms shutting its socket down before the JVM can exit), and a poll for {@code isLeader()}
 * would add its own delay; neither is part of the handover. The bound only tells the hook's
 * handover from an expiry (the server grants at most 20 s); it is no measure of how fast the
 * handover is.
 */
class JvmExitHandoverTest {
  private static final Duration SESSION = Duration.ofSeconds(30); // the server grants 20 s
  private static final Duration FAR_BELOW_EXPIRY = Duration.ofSeconds(5);

  @Test
  void aGracefulJvmExitHandsOverWithoutWaitingForTheSessionTimeout() throws Exception {
    try (TestingServer server = ZooKeeperFixtures.startServer();
        Candidates candidates = new Candidates(server.getConnectString(), SESSION);
        ChildJvm child =
            ChildJvm.start(
                ChildCandidateMain.class,
                server.getConnectString(),
                candidates.path,
                "child",
                Long.toString(SESSION.toMillis()))) {
      child.awaitLine("ELECTED", 0, Duration.ofSeconds(60));
      TestCandidate successor = candidates.join();

      long signalled = System.nanoTime();
      int exitCode = child.terminate(); // SIGTERM: runs the shutdown hook; waits for the JVM's end

      assertThat(exitCode).as("the JVM ended on SIGTERM after its hooks").isEqualTo(143);
      await()
          .atMost(FAR_BELOW_EXPIRY)
          .until(() -> candidates.recorder.electedCount(successor.id()) == 1);
      long elected =
          candidates.recorder.electedEvents().stream()
              .filter(e -> e.participant().equals(successor.id()))
              .findFirst()
              .orElseThrow()
              .nanos();
      assertThat(Duration.ofNanos(elected - signalled))
          .as("from SIGTERM to the successor's elected callback")
          .isPositive()
          .isLessThan(FAR_BELOW_EXPIRY);
      assertThat(child.lines())
          .as("the leader's revoked callback ran, for the close")
          .anyMatch(l -> l.startsWith("REVOKED") && l.endsWith("CLOSED"));
      candidates.recorder.assertNoViolations();
    }
  }
}
