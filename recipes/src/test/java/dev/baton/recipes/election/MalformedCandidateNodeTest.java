// SPDX-License-Identifier: Apache-2.0
package dev.baton.recipes.election;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import dev.baton.recipes.BatonSession;
import dev.baton.recipes.MalformedCandidateException;
import dev.baton.recipes.RevocationReason;
import dev.baton.recipes.SessionConfig;
import dev.baton.recipes.lock.FencedLock;
import dev.baton.recipes.lock.LockConfig;
import dev.baton.recipes.lock.LockHandle;
import dev.baton.testkit.Closer;
import dev.baton.testkit.ZooKeeperServerExtension;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.utils.ZKPaths;
import org.apache.zookeeper.CreateMode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Foreign, damaged and impostor znodes under an election or lock path: they never crash a
 * candidate's loop, never stop a lock, and are never reported as the leader.
 */
class MalformedCandidateNodeTest {
  private static final Duration WITHIN = Duration.ofSeconds(20);
  private static final AtomicInteger PATHS = new AtomicInteger();
  @RegisterExtension static final ZooKeeperServerExtension ZK = new ZooKeeperServerExtension();
  @RegisterExtension final Closer closer = new Closer();

  private BatonSession session() {
    return closer.add(
        BatonSession.start(
            SessionConfig.builder(ZK.connectString())
                .sessionTimeout(Duration.ofSeconds(4))
                .build()));
  }

  private static String newPath() {
    return "/baton-test/malformed-" + PATHS.incrementAndGet();
  }

  private LeaderElection candidate(BatonSession session, String path, String id) {
    LeaderElection election =
        closer.add(
            LeaderElection.create(
                session,
                ElectionConfig.builder(path).participantId(id).build(),
                new LeadershipListener() {
                  @Override
                  public void elected(Leadership leadership) {
                    // the test asks the election itself
                  }

                  @Override
                  public void revoked(Leadership leadership, RevocationReason reason) {
                    // the test asks the election itself
                  }
                }));
    election.start();
    return election;
  }

  /** Children that are not candidates, including the name that used to crash the parser. */
  private static void addForeignChildren(CuratorFramework client, String path) throws Exception {
    String uuid = UUID.randomUUID().toString();
    for (String name :
        List.of(
            "_c_" + uuid + "-abcdefghij-n_",
            "latch-0000000001",
            "config",
            "_c_" + uuid + "-k-n_000000001",
            "_c_" + uuid.toUpperCase(Locale.ROOT) + "-k-n_0000000002",
            "_c_" + uuid + "-k-n_-0000000001")) {
      client
          .create()
          .creatingParentsIfNeeded()
          .forPath(ZKPaths.makePath(path, name), "x".getBytes(StandardCharsets.UTF_8));
    }
  }

  @Test
  void foreignChildrenNeitherCrashNorBlockTheElection() throws Exception {
    String path = newPath();
    BatonSession session = session();
    addForeignChildren(session.curator(), path);
    LeaderElection election = candidate(session, path, "only-one");
    assertThat(election.awaitLeadership(WITHIN)).isPresent();
    assertThat(election.currentLeader())
        .hasValueSatisfying(info -> assertThat(info.participantId()).isEqualTo("only-one"));
    assertThat(election.participants())
        .extracting(Participant::participantId)
        .containsExactly("only-one");
    assertThat(election.health().connected()).isTrue();
  }

  @Test
  void foreignChildrenDoNotStopALock() throws Exception {
    String path = newPath();
    BatonSession session = session();
    addForeignChildren(session.curator(), path);
    FencedLock lock =
        closer.add(FencedLock.create(session, LockConfig.builder(path).ownerId("o").build()));
    try (LockHandle hold = lock.acquire(WITHIN).orElseThrow()) {
      assertThat(hold.token().scope()).isEqualTo(path);
      assertThat(hold.isValid()).isTrue();
    }
  }

  @Test
  void aPersistentImpostorAtTheHeadIsReportedNotNamedLeader() throws Exception {
    String path = newPath();
    BatonSession session = session();
    String impostor =
        session
            .curator()
            .create()
            .creatingParentsIfNeeded()
            .withMode(CreateMode.PERSISTENT_SEQUENTIAL)
            .forPath(
                ZKPaths.makePath(path, "_c_" + UUID.randomUUID() + "-imp-n_"),
                "mallory".getBytes(StandardCharsets.UTF_8));
    LeaderElection election = candidate(session, path, "honest");
    ElectionObserver observer = new ElectionObserver(session, path);
    await().atMost(WITHIN).until(() -> session.curator().getChildren().forPath(path).size() == 2);
    assertThatThrownBy(observer::currentLeader)
        .isInstanceOfSatisfying(
            MalformedCandidateException.class, e -> assertThat(e.path()).isEqualTo(impostor))
        .hasMessageContaining("not ephemeral");
    assertThatThrownBy(observer::participants).isInstanceOf(MalformedCandidateException.class);
    assertThat(election.isLeader()).isFalse();
    session.curator().delete().forPath(impostor);
    assertThat(election.awaitLeadership(WITHIN)).isPresent();
    assertThat(observer.currentLeader())
        .hasValueSatisfying(info -> assertThat(info.participantId()).isEqualTo("honest"));
  }

  @Test
  void anEphemeralCandidateWithDamagedDataIsReportedNotNamedLeader() throws Exception {
    byte[][] damaged = {
      {(byte) 0xff, (byte) 0xfe},
      new byte[0],
      new byte[300],
      "  ".getBytes(StandardCharsets.UTF_8),
      "a\u0007b".getBytes(StandardCharsets.UTF_8)
    };
    BatonSession session = session();
    for (byte[] data : damaged) {
      String path = newPath();
      String node =
          session
              .curator()
              .create()
              .creatingParentsIfNeeded()
              .withMode(CreateMode.EPHEMERAL_SEQUENTIAL)
              .forPath(ZKPaths.makePath(path, "_c_" + UUID.randomUUID() + "-bad-n_"), data);
      ElectionObserver observer = new ElectionObserver(session, path);
      assertThatThrownBy(observer::currentLeader)
          .isInstanceOfSatisfying(
              MalformedCandidateException.class, e -> assertThat(e.path()).isEqualTo(node))
          .hasMessageContaining(node);
      assertThatThrownBy(observer::participants).isInstanceOf(MalformedCandidateException.class);
    }
  }

  @Test
  void pathsThatCannotScopeATokenAreRejectedAtConfiguration() {
    BatonSession session = session();
    String tooLong = "/" + "p".repeat(600);
    for (String bad : new String[] {"/svc@prod/leader", tooLong}) {
      assertThatThrownBy(() -> ElectionConfig.builder(bad).participantId("a").build())
          .as(bad)
          .isInstanceOf(IllegalArgumentException.class)
          .hasMessageContaining("fencing tokens");
      assertThatThrownBy(() -> LockConfig.builder(bad).build())
          .as(bad)
          .isInstanceOf(IllegalArgumentException.class)
          .hasMessageContaining("fencing tokens");
      assertThatThrownBy(() -> new ElectionObserver(session, bad))
          .as(bad)
          .isInstanceOf(IllegalArgumentException.class)
          .hasMessageContaining("fencing tokens");
    }
    assertThat(ElectionConfig.builder("/svc/prod-1/leader").participantId("a").build().path())
        .isEqualTo("/svc/prod-1/leader");
  }
}
