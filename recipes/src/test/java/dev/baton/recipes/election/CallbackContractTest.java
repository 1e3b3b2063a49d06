// SPDX-License-Identifier: Apache-2.0
package dev.baton.recipes.election;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.baton.recipes.BatonSession;
import dev.baton.recipes.RevocationReason;
import dev.baton.recipes.SessionConfig;
import dev.baton.testkit.Closer;
import dev.baton.testkit.ZooKeeperServerExtension;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** The threading contract of callbacks, and what happens when user code misbehaves. */
class CallbackContractTest {
  private static final Duration WITHIN = Duration.ofSeconds(15);
  private static final AtomicInteger PATHS = new AtomicInteger();
  @RegisterExtension static final ZooKeeperServerExtension ZK = new ZooKeeperServerExtension();
  @RegisterExtension final Closer closer = new Closer();

  private String newPath() {
    return "/baton-test/callbacks-" + PATHS.incrementAndGet();
  }

  private LeaderElection election(
      String path,
      String id,
      LeadershipListener listener,
      UnaryOperator<ElectionConfig.Builder> tweak) {
    LeaderElection e = latent(path, id, listener, tweak);
    e.start();
    return e;
  }

  private LeaderElection latent(
      String path,
      String id,
      LeadershipListener listener,
      UnaryOperator<ElectionConfig.Builder> tweak) {
    BatonSession session =
        BatonSession.start(
            SessionConfig.builder(ZK.connectString())
                .sessionTimeout(Duration.ofSeconds(10))
                .build());
    closer.add(session);
    return LeaderElection.create(
        session, tweak.apply(ElectionConfig.builder(path).participantId(id)).build(), listener);
  }

  /** Records callbacks as "elected:token", "revoked:token:reason" with the thread they ran on. */
  static final class Recording implements LeadershipListener {
    final List<String> calls = new CopyOnWriteArrayList<>();
    final List<String> threads = new CopyOnWriteArrayList<>();

    @Override
    public void elected(Leadership leadership) {
      threads.add(Thread.currentThread().getName());
      calls.add("elected:" + leadership.token());
    }

    @Override
    public void revoked(Leadership leadership, RevocationReason reason) {
      threads.add(Thread.currentThread().getName());
      calls.add("revoked:" + leadership.token() + ":" + reason);
    }
  }

  @Test
  void callbacksRunOnTheElectionsOwnThreadInOrder() {
    Recording rec = new Recording();
    LeaderElection e = election(newPath(), "solo", rec, b -> b);
    await().atMost(WITHIN).until(e::isLeader);
    String token = e.leadership().orElseThrow().token().toString();
    e.resign();
    await().atMost(WITHIN).until(() -> rec.calls.size() >= 3);
    e.close();
    await().atMost(WITHIN).until(() -> rec.calls.size() == 4);
    assertThat(rec.calls.get(0)).isEqualTo("elected:" + token);
    assertThat(rec.calls.get(1)).isEqualTo("revoked:" + token + ":RESIGNED");
    assertThat(rec.calls.get(2)).startsWith("elected:").isNotEqualTo("elected:" + token);
    assertThat(rec.calls.get(3)).startsWith("revoked:").endsWith(":CLOSED");
    assertThat(rec.threads)
        .allSatisfy(t -> assertThat(t).startsWith("baton-election-callbacks-solo"));
  }

  @Test
  void aCallbackMayCloseItsOwnElectionWithoutDeadlock() {
    String path = newPath();
    CountDownLatch revoked = new CountDownLatch(1);
    LeaderElection[] self = new LeaderElection[1];
    List<Participant> seen = new CopyOnWriteArrayList<>();
    self[0] =
        latent(
            path,
            "closer",
            new LeadershipListener() {
              @Override
              public void elected(Leadership leadership) {
                seen.addAll(self[0].participants()); // ZooKeeper I/O from the callback
                self[0].close();
              }

              @Override
              public void revoked(Leadership leadership, RevocationReason reason) {
                assertThat(reason).isEqualTo(RevocationReason.CLOSED);
                revoked.countDown();
              }
            },
            b -> b);
    self[0].start(); // only now: the callback uses self[0]
    await().atMost(WITHIN).until(() -> revoked.getCount() == 0);
    Recording other = new Recording();
    LeaderElection successor = election(path, "successor", other, b -> b);
    await().atMost(WITHIN).until(successor::isLeader);
    assertThat(self[0].state()).isEqualTo(LeaderElection.State.CLOSED);
    assertThat(seen).extracting(Participant::participantId).contains("closer");
  }

  @Test
  void anExceptionFromElectedIsCountedAndResignsTheTerm() {
    String path = newPath();
    SimpleMeterRegistry meters = new SimpleMeterRegistry();
    List<RevocationReason> reasons = new CopyOnWriteArrayList<>();
    AtomicInteger elections = new AtomicInteger();
    LeaderElection thrower =
        election(
            path,
            "thrower",
            new LeadershipListener() {
              @Override
              public void elected(Leadership leadership) {
                elections.incrementAndGet();
                throw new IllegalStateException("boom in user code");
              }

              @Override
              public void revoked(Leadership leadership, RevocationReason reason) {
                reasons.add(reason);
              }
            },
            b -> b.meterRegistry(meters));
    await().atMost(WITHIN).until(() -> !reasons.isEmpty());
    LeaderElection steady = election(path, "steady", new Recording(), b -> b);
    await().atMost(WITHIN).until(steady::isLeader);
    assertThat(reasons.get(0)).isEqualTo(RevocationReason.CALLBACK_FAILED);
    assertThat(thrower.health().callbackFailures()).isGreaterThanOrEqualTo(1);
    assertThat(
            meters
                .get("baton.election.callback.failures")
                .tag("callback", "elected")
                .counter()
                .count())
        .isGreaterThanOrEqualTo(1.0);
    assertThat(
            meters.get("baton.election.revoked").tag("reason", "CALLBACK_FAILED").counter().count())
        .isGreaterThanOrEqualTo(1.0);
  }

  @Test
  void anExceptionFromElectedKeepsLeadershipWhenConfigured() {
    AtomicInteger elected = new AtomicInteger();
    LeaderElection e =
        election(
            newPath(),
            "stubborn",
            new LeadershipListener() {
              @Override
              public void elected(Leadership leadership) {
                elected.incrementAndGet();
                throw new IllegalStateException("boom");
              }

              @Override
              public void revoked(Leadership leadership, RevocationReason reason) {}
            },
            b -> b.resignOnCallbackFailure(false));
    await().atMost(WITHIN).until(() -> e.health().callbackFailures() == 1);
    await().during(Duration.ofMillis(300)).atMost(WITHIN).until(e::isLeader);
    assertThat(elected).hasValue(1);
  }

  @Test
  void aLeaderStuckInSlowWorkIsRevokedOnTimeAndInterrupted() throws Exception {
    String path = newPath();
    CountDownLatch inWork = new CountDownLatch(1);
    CountDownLatch interrupted = new CountDownLatch(1);
    List<String> order = new CopyOnWriteArrayList<>();
    LeaderElection busy =
        election(
            path,
            "busy",
            new LeadershipListener() {
              @Override
              public void elected(Leadership leadership) {
                order.add("elected");
                inWork.countDown();
                try {
                  new CountDownLatch(1)
                      .await(); // the user's slow leader work: blocks until interrupted
                } catch (InterruptedException e) {
                  interrupted.countDown();
                }
                order.add("work-ended");
              }

              @Override
              public void revoked(Leadership leadership, RevocationReason reason) {
                order.add("revoked:" + reason);
              }
            },
            b -> b);
    assertThat(inWork.await(15, TimeUnit.SECONDS)).isTrue();
    Leadership term = busy.leadership().orElseThrow();
    Recording rec = new Recording();
    LeaderElection next = election(path, "next", rec, b -> b);
    await().atMost(WITHIN).until(() -> next.participants().size() == 2); // queued behind busy
    long start = System.nanoTime();
    busy.resign();
    assertThat(term.awaitRevocation(Duration.ofSeconds(5))).isTrue();
    await().atMost(Duration.ofSeconds(5)).until(next::isLeader);
    assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(Duration.ofSeconds(5));
    assertThat(interrupted.await(5, TimeUnit.SECONDS)).isTrue();
    await().atMost(WITHIN).until(() -> order.size() == 3);
    assertThat(order).containsExactly("elected", "work-ended", "revoked:RESIGNED");
  }

  @Test
  void aBlockedCallbackDoesNotDelayRevocationSignal() throws Exception {
    String path = newPath();
    CountDownLatch release = new CountDownLatch(1);
    CountDownLatch inWork = new CountDownLatch(1);
    LeaderElection stuck =
        election(
            path,
            "stuck",
            new LeadershipListener() {
              @Override
              public void elected(Leadership leadership) {
                inWork.countDown();
                boolean done = false;
                while (!done) { // ignores interrupts, as careless user code does
                  try {
                    done = release.await(1, TimeUnit.MINUTES);
                  } catch (InterruptedException ignored) {
                    Thread.interrupted();
                  }
                }
              }

              @Override
              public void revoked(Leadership leadership, RevocationReason reason) {}
            },
            b -> b);
    assertThat(inWork.await(15, TimeUnit.SECONDS)).isTrue();
    Leadership term = stuck.leadership().orElseThrow();
    LeaderElection next = election(path, "next", new Recording(), b -> b);
    await().atMost(WITHIN).until(() -> next.participants().size() == 2); // queued behind stuck
    stuck.resign();
    assertThat(term.awaitRevocation(Duration.ofSeconds(5))).isTrue();
    assertThat(term.isActive()).isFalse();
    await().atMost(Duration.ofSeconds(5)).until(next::isLeader);
    release.countDown();
  }
}
