// SPDX-License-Identifier: Apache-2.0
package dev.baton.recipes.election;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.baton.recipes.BatonSession;
import dev.baton.recipes.RevocationReason;
import dev.baton.recipes.SessionConfig;
import dev.baton.testkit.ZooKeeperServerExtension;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.framework.CuratorFrameworkFactory;
import org.apache.curator.retry.RetryOneTime;
import org.apache.zookeeper.Watcher;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Someone else deletes the leader's znode: what the library guarantees, and what it cannot.
 *
 * <p>The server notifies the old leader's client and the successor's client independently, each on
 * its own connection and event thread. The old leader ends its term on its own znode's deletion
 * event, before its client reads anything; the successor needs one more round trip (its listing)
 * before it leads. Whether both hold a term at one instant therefore depends only on whether the
 * old leader's event thread runs later than the successor's event thread plus one round trip: a
 * question of thread scheduling, not of the library. An earlier version of this test bounded the
 * rounds with such an overlap (at most 2 of 40); under load (a chaos run and other builds on 2
 * cores) that bound was exceeded, because a descheduled event thread can lose that race any number
 * of times. It was never a sound statement and is no longer asserted; the overlaps are printed
 * ({@code RESULT} line) for information. The fence is what makes them harmless.
 *
 * <p>What is asserted instead cannot be flipped by load, because it is measured in events of the
 * old leader's own connection, not in wall time: the old leader's term has ended by the time its
 * client delivers the next event after the deletion (a watch on a probe znode that is changed right
 * after the delete: the server sends both notifications on one connection, in zxid order, and the
 * client's event thread delivers them in that order). A library that ended the term only after
 * re-listing the queue (the old behaviour), or on another thread, fails it. In every other round
 * the old leader's event thread is held (a watcher that waits for a latch), as load may hold it,
 * until the successor leads: the overlap is then certain and is asserted, which shows that it is
 * inherent and that the sampler sees one; once released, the term ends on the deletion event,
 * before the probe queued behind it, and a library that ends it on another thread fails there
 * almost every time. The negative control: the same probe without the deletion sees the term still
 * active, so the probe is not vacuous. Also: the old term is revoked exactly once, for {@code
 * NODE_DELETED}; the successor's token is higher; and in a voluntary handover (resign), where the
 * old leader ends its term before it deletes its znode, no overlap is ever seen: the overlap is
 * confined to the documented case.
 */
class ExternalDeletionOverlapTest {
  private static final int ROUNDS = 20;
  private static final Duration WITHIN = Duration.ofSeconds(15);

  @RegisterExtension static final ZooKeeperServerExtension ZK = new ZooKeeperServerExtension();

  private final List<AutoCloseable> closing = new ArrayList<>();
  private final List<BatonSession> sessions = new ArrayList<>();
  private final List<LeaderElection> elections = new ArrayList<>();

  /** Reasons of the revocations, by term token. */
  private final Map<Long, List<RevocationReason>> revocations = new ConcurrentHashMap<>();

  private CuratorFramework admin;
  private Sampler sampler;

  @BeforeEach
  void twoCandidates() {
    String path = "/overlap/" + System.nanoTime();
    admin = CuratorFrameworkFactory.newClient(ZK.connectString(), new RetryOneTime(100));
    admin.start();
    closing.add(admin);
    for (int i = 0; i < 2; i++) {
      BatonSession session =
          BatonSession.start(
              SessionConfig.builder(ZK.connectString())
                  .sessionTimeout(Duration.ofSeconds(10))
                  .build());
      closing.add(0, session);
      LeaderElection e =
          LeaderElection.create(
              session,
              ElectionConfig.builder(path)
                  .participantId("c" + i)
                  .reentryJitter(Duration.ZERO)
                  .build(),
              new LeadershipListener() {
                @Override
                public void elected(Leadership leadership) {}

                @Override
                public void revoked(Leadership leadership, RevocationReason reason) {
                  revocations
                      .computeIfAbsent(
                          leadership.token().value(), t -> new CopyOnWriteArrayList<>())
                      .add(reason);
                }
              });
      closing.add(0, e);
      sessions.add(session);
      elections.add(e);
      e.start();
    }
    sampler = new Sampler(elections.get(0), elections.get(1));
  }

  @AfterEach
  void closeAll() throws Exception {
    if (sampler != null) {
      sampler.stop();
    }
    for (AutoCloseable c : closing) {
      c.close();
    }
  }

  @Test
  void theOldLeadersTermEndsOnItsDeletionEventBeforeItsClientHearsAnythingElse() throws Exception {
    String probe = admin.create().creatingParentsIfNeeded().forPath("/overlap-probe/p");
    int overlapping = 0;
    for (int round = 0; round < ROUNDS; round++) {
      int old = awaitOneLeader();
      LeaderElection leader = elections.get(old);
      LeaderElection follower = elections.get(1 - old);
      Leadership term = leader.leadership().orElseThrow();
      CuratorFramework leadersClient = sessions.get(old).curator();

      CompletableFuture<Boolean> control = probe(leadersClient, probe, term);
      admin.setData().forPath(probe);
      assertThat(control.get(WITHIN.toSeconds(), TimeUnit.SECONDS))
          .as("round %d: the probe sees the term active while its znode exists", round)
          .isTrue();

      // In every other round the old leader's event thread is held, as a loaded machine may hold
      // it, until the successor leads: the overlap is then certain, and the term still ends on the
      // deletion event once that is delivered, before the probe queued behind it.
      boolean held = round % 2 == 1;
      CountDownLatch release = new CountDownLatch(held ? 1 : 0);
      if (held) {
        CountDownLatch holding = new CountDownLatch(1);
        leadersClient
            .getData()
            .usingWatcher(
                (Watcher)
                    event -> {
                      holding.countDown();
                      awaitQuietly(release);
                    })
            .forPath(probe);
        admin.setData().forPath(probe);
        assertThat(holding.await(WITHIN.toSeconds(), TimeUnit.SECONDS)).isTrue();
      }
      sampler.reset();
      CompletableFuture<Boolean> afterDeletion = probe(leadersClient, probe, term);
      admin.delete().forPath(term.nodePath());
      admin.setData().forPath(probe);
      if (held) {
        await().atMost(WITHIN).until(follower::isLeader);
        assertThat(term.isActive())
            .as("round %d: the old term while its client's deletion event waits", round)
            .isTrue();
        await().atMost(WITHIN).until(sampler::sawOverlap); // it lasts while the thread is held
        release.countDown();
      }
      assertThat(afterDeletion.get(WITHIN.toSeconds(), TimeUnit.SECONDS))
          .as("round %d: the term is active at the next event its client delivers", round)
          .isFalse();

      await().atMost(WITHIN).until(follower::isLeader);
      Leadership next = follower.leadership().orElseThrow();
      assertThat(next.token().value()).as("successor's token").isGreaterThan(term.token().value());
      await().atMost(WITHIN).until(() -> revocations.containsKey(term.token().value()));
      assertThat(revocations.get(term.token().value()))
          .as("revocations of term %s", term.token())
          .containsExactly(RevocationReason.NODE_DELETED);
      if (!held && sampler.sawOverlap()) {
        overlapping++;
      }
    }
    System.out.printf(
        "RESULT external-deletion unheld-rounds=%d overlapping=%d%n", ROUNDS / 2, overlapping);
    assertRevokedOnce();
  }

  @Test
  void aVoluntaryHandoverNeverOverlaps() {
    for (int round = 0; round < ROUNDS; round++) {
      int old = awaitOneLeader();
      LeaderElection leader = elections.get(old);
      Leadership term = leader.leadership().orElseThrow();
      sampler.reset();
      leader.resign();
      LeaderElection follower = elections.get(1 - old);
      await().atMost(WITHIN).until(follower::isLeader);
      assertThat(sampler.sawOverlap()).as("round %d: both held an active term", round).isFalse();
      assertThat(follower.leadership().orElseThrow().token().value())
          .as("successor's token")
          .isGreaterThan(term.token().value());
      await().atMost(WITHIN).until(() -> revocations.containsKey(term.token().value()));
      assertThat(revocations.get(term.token().value())).containsExactly(RevocationReason.RESIGNED);
    }
    assertRevokedOnce();
  }

  /** Waits until one candidate leads and both are listed; returns the leader's index. */
  private int awaitOneLeader() {
    await()
        .atMost(WITHIN)
        .until(
            () ->
                elections.stream().filter(LeaderElection::isLeader).count() == 1
                    && elections.stream().allMatch(e -> e.participants().size() == 2));
    return elections.get(0).isLeader() ? 0 : 1;
  }

  private static void awaitQuietly(CountDownLatch latch) {
    try {
      if (!latch.await(WITHIN.toSeconds(), TimeUnit.SECONDS)) {
        throw new IllegalStateException("the old leader's event thread was held too long");
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted while holding the event thread", e);
    }
  }

  /**
   * Watches {@code probe} through {@code client}: the future completes, on that client's event
   * thread, with whether {@code term} was active when the probe's change was delivered.
   */
  private static CompletableFuture<Boolean> probe(
      CuratorFramework client, String probe, Leadership term) throws Exception {
    CompletableFuture<Boolean> seen = new CompletableFuture<>();
    Watcher watcher =
        event -> {
          if (event.getType() == Watcher.Event.EventType.NodeDataChanged) {
            seen.complete(term.isActive());
          }
        };
    client.getData().usingWatcher(watcher).forPath(probe);
    return seen;
  }

  /** No term was revoked twice (callbacks of different elections are not ordered: no order). */
  private void assertRevokedOnce() {
    assertThat(revocations).as("terms revoked").hasSizeGreaterThanOrEqualTo(ROUNDS);
    revocations.forEach(
        (token, reasons) -> assertThat(reasons).as("revocations of token %d", token).hasSize(1));
  }

  /**
   * Looks, on its own thread, for an instant at which both candidates hold an active term. Two
   * reads are not one instant (the sampler can be descheduled between them): a term counts as
   * overlapping only if it was active both before and after the other was seen active.
   */
  private static final class Sampler {
    private final AtomicBoolean overlap = new AtomicBoolean();
    private final AtomicBoolean stop = new AtomicBoolean();
    private final Thread thread;

    Sampler(LeaderElection a, LeaderElection b) {
      thread =
          new Thread(
              () -> {
                while (!stop.get()) {
                  if ((a.isLeader() && b.isLeader() && a.isLeader())
                      || (b.isLeader() && a.isLeader() && b.isLeader())) {
                    overlap.set(true);
                  }
                  Thread.onSpinWait();
                }
              },
              "overlap-sampler");
      thread.setDaemon(true);
      thread.start();
    }

    void reset() {
      overlap.set(false);
    }

    boolean sawOverlap() {
      return overlap.get();
    }

    void stop() throws InterruptedException {
      stop.set(true);
      thread.join();
    }
  }
}
