// SPDX-License-Identifier: Apache-2.0
package dev.baton.recipes.election;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import dev.baton.recipes.BatonSession;
import dev.baton.recipes.SessionConfig;
import dev.baton.testkit.ZooKeeperServerExtension;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * {@link LeaderElection#start()} against a closed session, and against a {@link
 * LeaderElection#close()} on another thread: a start that fails leaves an election that closes
 * normally, and a close that overlaps a start leaves no entry of the candidate behind to hold up
 * the others.
 */
class StartCloseTest {
  private static final Duration SESSION = Duration.ofSeconds(10);
  private static final Duration WITHIN = Duration.ofSeconds(15);
  private static final String PATH = "/start-close";
  private static final int ROUNDS = 40;
  @RegisterExtension static final ZooKeeperServerExtension ZK = new ZooKeeperServerExtension();
  private final List<AutoCloseable> toClose = new ArrayList<>();

  @AfterEach
  void closeAll() throws Exception {
    for (int i = toClose.size() - 1; i >= 0; i--) {
      toClose.get(i).close();
    }
  }

  @Test
  void startOnAClosedSessionThrowsAndTheElectionStillClosesNormally() {
    BatonSession session = session();
    LeaderElection election = election(session, "late");
    session.close();

    assertThatThrownBy(election::start).isInstanceOf(IllegalStateException.class);
    LeaderElection.State afterStart = election.state();

    assertThatCode(election::close) // as try-with-resources would
        .doesNotThrowAnyException();
    assertThat(afterStart).isEqualTo(LeaderElection.State.LATENT); // it never started
    assertThat(election.state()).isEqualTo(LeaderElection.State.CLOSED);
    election.close(); // idempotent
  }

  @Test
  void aCloseThatOverlapsTheStartLeavesNoEntryBehind() throws Exception {
    BatonSession racers = session();
    ExecutorService threads = Executors.newFixedThreadPool(2);
    try {
      for (int round = 0; round < ROUNDS; round++) {
        LeaderElection election = election(racers, "racer-" + round);
        CountDownLatch gun = new CountDownLatch(1);
        Future<?> started =
            threads.submit(
                () -> {
                  gun.await();
                  try {
                    election.start();
                  } catch (IllegalStateException closedFirst) {
                    assertThat(election.state()).isEqualTo(LeaderElection.State.CLOSED);
                  }
                  return null;
                });
        Future<?> closed =
            threads.submit(
                () -> {
                  gun.await();
                  election.close();
                  return null;
                });
        gun.countDown();
        closed.get(WITHIN.toSeconds(), TimeUnit.SECONDS); // close() threw nothing
        started.get(WITHIN.toSeconds(), TimeUnit.SECONDS);
        assertThat(election.state()).isEqualTo(LeaderElection.State.CLOSED);
      }
    } finally {
      threads.shutdownNow();
    }

    BatonSession other = session();
    LeaderElection next = election(other, "next");
    next.start();
    ElectionObserver observer = new ElectionObserver(other, PATH);
    await()
        .atMost(WITHIN)
        .untilAsserted(
            () ->
                assertThat(observer.participants())
                    .extracting(Participant::participantId)
                    .containsExactly("next"));
    assertThat(next.awaitLeadership(WITHIN)).isPresent();
  }

  private BatonSession session() {
    BatonSession session =
        BatonSession.start(
            SessionConfig.builder(ZK.connectString())
                .sessionTimeout(SESSION)
                .connectionTimeout(Duration.ofSeconds(3))
                .build());
    toClose.add(session);
    return session;
  }

  private LeaderElection election(BatonSession session, String id) {
    LeaderElection election =
        LeaderElection.create(
            session, ElectionConfig.builder(PATH).participantId(id).build(), TestListeners.quiet());
    toClose.add(election);
    return election;
  }
}
