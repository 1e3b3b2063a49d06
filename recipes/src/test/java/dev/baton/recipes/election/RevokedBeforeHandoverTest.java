// SPDX-License-Identifier: Apache-2.0
package dev.baton.recipes.election;

import static org.assertj.core.api.Assertions.assertThat;

import dev.baton.recipes.BatonSession;
import dev.baton.recipes.RevocationReason;
import dev.baton.recipes.SessionConfig;
import dev.baton.testkit.ZooKeeperServerExtension;
import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * A closing leader's {@code revoked} callback returns before its successor is elected: the close
 * waits for it before deleting the znode (up to the callback drain timeout).
 */
class RevokedBeforeHandoverTest {
  @RegisterExtension static final ZooKeeperServerExtension ZK = new ZooKeeperServerExtension();
  private static final String PATH = "/revoked-before-handover";

  /** Listener that counts down on elected and, in revoked, runs {@code inRevoked}. */
  private static LeadershipListener listener(CountDownLatch elected, Runnable inRevoked) {
    return new LeadershipListener() {
      @Override
      public void elected(Leadership leadership) {
        elected.countDown();
      }

      @Override
      public void revoked(Leadership leadership, RevocationReason reason) {
        inRevoked.run();
      }
    };
  }

  private static BatonSession session() {
    return BatonSession.start(SessionConfig.builder(ZK.connectString()).build());
  }

  @Test
  void theSuccessorIsElectedOnlyAfterTheLeadersRevokedReturned() throws Exception {
    CountDownLatch leaderElected = new CountDownLatch(1);
    CountDownLatch successorElected = new CountDownLatch(1);
    AtomicBoolean successorWasElectedDuringRevoked = new AtomicBoolean();
    AtomicBoolean revokedRan = new AtomicBoolean();
    try (BatonSession a = session();
        BatonSession b = session()) {
      // The leader's revoked waits up to 1 s for the successor's elected, which must not come
      // while it runs; with a close that deleted first it would come within milliseconds.
      LeaderElection leader =
          LeaderElection.create(
              a,
              ElectionConfig.builder(PATH).callbackDrainTimeout(Duration.ofSeconds(10)).build(),
              listener(
                  leaderElected,
                  () -> {
                    try {
                      successorWasElectedDuringRevoked.set(
                          successorElected.await(1, TimeUnit.SECONDS));
                    } catch (InterruptedException e) {
                      Thread.currentThread().interrupt();
                    }
                    revokedRan.set(true);
                  }));
      leader.start();
      assertThat(leaderElected.await(10, TimeUnit.SECONDS)).isTrue();
      LeaderElection successor =
          LeaderElection.create(
              b, ElectionConfig.builder(PATH).build(), listener(successorElected, () -> {}));
      successor.start();
      assertThat(successor.participants()).isNotNull();
      org.awaitility.Awaitility.await()
          .atMost(Duration.ofSeconds(10))
          .until(() -> leader.participants().size() == 2);

      leader.close();

      assertThat(revokedRan).as("revoked ran before close returned").isTrue();
      assertThat(successorWasElectedDuringRevoked)
          .as("the successor was elected while the leader's revoked still ran")
          .isFalse();
      assertThat(successorElected.await(10, TimeUnit.SECONDS)).isTrue();
      successor.close();
    }
  }

  @Test
  void aRevokedThatOutlastsTheDrainTimeoutDoesNotHoldTheHandover() throws Exception {
    CountDownLatch leaderElected = new CountDownLatch(1);
    CountDownLatch successorElected = new CountDownLatch(1);
    AtomicBoolean successorElectedDuringRevoked = new AtomicBoolean();
    try (BatonSession a = session();
        BatonSession b = session()) {
      LeaderElection leader =
          LeaderElection.create(
              a,
              ElectionConfig.builder(PATH + "-stuck")
                  .callbackDrainTimeout(Duration.ofMillis(300))
                  .build(),
              listener(
                  leaderElected,
                  () -> {
                    // Blocks past the drain timeout (ignoring the interrupt that the close sends
                    // then) until the successor is elected: the closing thread must have deleted
                    // the znode itself.
                    boolean interrupted = false;
                    while (true) {
                      try {
                        successorElectedDuringRevoked.set(
                            successorElected.await(10, TimeUnit.SECONDS));
                        break;
                      } catch (InterruptedException e) {
                        interrupted = true;
                      }
                    }
                    if (interrupted) {
                      Thread.currentThread().interrupt();
                    }
                  }));
      leader.start();
      assertThat(leaderElected.await(10, TimeUnit.SECONDS)).isTrue();
      LeaderElection successor =
          LeaderElection.create(
              b,
              ElectionConfig.builder(PATH + "-stuck").build(),
              listener(successorElected, () -> {}));
      successor.start();
      org.awaitility.Awaitility.await()
          .atMost(Duration.ofSeconds(10))
          .until(() -> leader.participants().size() == 2);

      long start = System.nanoTime();
      leader.close();
      long closeMs = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);

      assertThat(successorElected.await(10, TimeUnit.SECONDS)).isTrue();
      org.awaitility.Awaitility.await()
          .atMost(Duration.ofSeconds(10))
          .untilTrue(successorElectedDuringRevoked);
      assertThat(closeMs)
          .as("close() waits about the drain timeout, not for revoked")
          .isLessThan(5_000);
      assertThat(successor.participants()).hasSize(1);
      successor.close();
    }
  }
}
