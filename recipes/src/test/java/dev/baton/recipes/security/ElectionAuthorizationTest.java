// SPDX-License-Identifier: Apache-2.0
package dev.baton.recipes.security;

import static dev.baton.recipes.security.SecureSessions.OTHER;
import static dev.baton.recipes.security.SecureSessions.OTHER_PASSWORD;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import dev.baton.fencing.FencingToken;
import dev.baton.fencing.zookeeper.ZkFence;
import dev.baton.recipes.BatonSession;
import dev.baton.recipes.CoordinationException;
import dev.baton.recipes.RevocationReason;
import dev.baton.recipes.election.ElectionConfig;
import dev.baton.recipes.election.ElectionObserver;
import dev.baton.recipes.election.LeaderElection;
import dev.baton.recipes.election.LeaderInfo;
import dev.baton.recipes.election.Leadership;
import dev.baton.recipes.election.LeadershipListener;
import dev.baton.testkit.Intruder;
import dev.baton.testkit.ZooKeeperServerExtension;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.curator.utils.ZKPaths;
import org.apache.zookeeper.CreateMode;
import org.apache.zookeeper.KeeperException;
import org.apache.zookeeper.ZooDefs;
import org.apache.zookeeper.data.ACL;
import org.apache.zookeeper.data.Stat;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The election's and the ZooKeeper fence's znodes under an authenticated session's ACL policy, on a
 * real server: an anonymous client and a client with other credentials can neither depose the
 * leader nor advance a fence, and the state is unchanged after their attempts; an observer with
 * read access sees the leader.
 */
class ElectionAuthorizationTest {
  @RegisterExtension static final ZooKeeperServerExtension ZK = new ZooKeeperServerExtension();

  private static final AtomicInteger PATHS = new AtomicInteger();
  private static final LeadershipListener QUIET =
      new LeadershipListener() {
        @Override
        public void elected(Leadership leadership) {}

        @Override
        public void revoked(Leadership leadership, RevocationReason reason) {}
      };

  private String root;
  private BatonSession service;
  private List<Intruder> intruders;

  @BeforeEach
  void setUp() {
    root = "/secure-" + PATHS.incrementAndGet();
    service = SecureSessions.service(ZK.connectString());
    intruders =
        List.of(
            Intruder.anonymous(ZK.connectString()),
            Intruder.withDigest(ZK.connectString(), OTHER, OTHER_PASSWORD));
  }

  @AfterEach
  void tearDown() {
    intruders.forEach(Intruder::close);
    service.close();
  }

  @Test
  void strangersCannotDeposeTheLeaderAndTheObserverSeesIt() throws Exception {
    String path = root + "/scheduler/leader";
    LeaderElection election = elect(path);
    Leadership term = election.awaitLeadership(Duration.ofSeconds(10)).orElseThrow();
    String node = term.nodePath();
    Stat before = service.curator().checkExists().forPath(node);

    for (Intruder intruder : intruders) {
      intruder.refused("delete the leader's node", c -> c.delete().forPath(node));
      intruder.refused(
          "delete the election path", c -> c.delete().deletingChildrenIfNeeded().forPath(path));
      intruder.refused(
          "queue a candidate",
          c ->
              c.create()
                  .withMode(CreateMode.EPHEMERAL_SEQUENTIAL)
                  .forPath(path + "/_c_00000000-0000-0000-0000-000000000000-n_"));
      intruder.refused(
          "overwrite the leader's node", c -> c.setData().forPath(node, new byte[] {1}));
      intruder.refused(
          "re-grant the election path",
          c -> c.setACL().withACL(ZooDefs.Ids.OPEN_ACL_UNSAFE).forPath(path));
      intruder.refused("read the leader's node", c -> c.getData().forPath(node));
    }

    assertThat(election.isLeader()).isTrue();
    assertThat(term.isActive()).isTrue();
    Stat after = service.curator().checkExists().forPath(node);
    assertThat(after.getCzxid()).isEqualTo(before.getCzxid());
    assertThat(after.getVersion()).isEqualTo(before.getVersion());
    assertThat(service.curator().getChildren().forPath(path))
        .containsExactly(ZKPaths.getNodeFromPath(node));

    try (BatonSession observer = SecureSessions.observer(ZK.connectString())) {
      LeaderInfo seen = new ElectionObserver(observer, path).currentLeader().orElseThrow();
      assertThat(seen.token()).isEqualTo(term.token());
      assertThat(seen.participantId()).isEqualTo("service-1");
      assertThatThrownBy(() -> observer.curator().delete().forPath(node))
          .isInstanceOf(KeeperException.NoAuthException.class);
    }
  }

  @Test
  void everyZnodeBatonCreatesCarriesThePolicyParentsIncluded() throws Exception {
    String path = root + "/a/b/leader";
    LeaderElection election = elect(path);
    Leadership term = election.awaitLeadership(Duration.ofSeconds(10)).orElseThrow();
    List<ACL> expected = serviceAcl();
    for (String p : List.of(root, root + "/a", root + "/a/b", path, term.nodePath())) {
      assertThat(service.curator().getACL().forPath(p)).as(p).containsExactlyElementsOf(expected);
    }
  }

  @Test
  void theSessionsNamespaceNodeCarriesThePolicyToo() throws Exception {
    String namespace = root.substring(1) + "-ns";
    try (BatonSession namespaced =
        BatonSession.start(
            SecureSessions.base(ZK.connectString())
                .namespace(namespace)
                .authentication(
                    Authentication.digest(SecureSessions.SERVICE, SecureSessions.SERVICE_PASSWORD))
                .aclPolicy(SecureSessions.POLICY)
                .build())) {
      LeaderElection election =
          LeaderElection.create(
              namespaced,
              ElectionConfig.builder("/leader").participantId("service-1").build(),
              QUIET);
      namespaced.closeWithSession(election);
      election.start();
      assertThat(election.awaitLeadership(Duration.ofSeconds(10))).isPresent();
      assertThat(service.curator().getACL().forPath("/" + namespace)).isEqualTo(serviceAcl());
      intruders
          .get(0)
          .refused(
              "delete the namespaced leader",
              c -> c.delete().deletingChildrenIfNeeded().forPath("/" + namespace));
    }
  }

  @Test
  void strangersCannotAdvanceOrRemoveAFence() throws Exception {
    LeaderElection election = elect(root + "/election");
    FencingToken token = election.awaitLeadership(Duration.ofSeconds(10)).orElseThrow().token();
    ZkFence fence = ZkFence.create(service.curator(), root + "/fences");
    fence.write("orders", token, tx -> null);
    String fenceNode = fence.fencePath("orders");
    FencingToken newer = FencingToken.of(token.scope(), token.value() + 1_000_000);
    byte[] forged = newer.toString().getBytes(StandardCharsets.UTF_8);

    for (Intruder intruder : intruders) {
      intruder.refused("advance the fence", c -> c.setData().forPath(fenceNode, forged));
      intruder.refused("delete the fence", c -> c.delete().forPath(fenceNode));
      intruder.refused(
          "plant a fence for another resource",
          c -> c.create().forPath(fence.fencePath("payments"), forged));
    }

    assertThat(fence.highest("orders")).contains(token);
    assertThat(fence.highest("payments")).isEmpty();
    String result = fence.write("orders", token, tx -> "accepted");
    assertThat(result).isEqualTo("accepted");
  }

  @Test
  void aPathCreatedBeforeThePolicyIsOpenUntilTheMigrationAppliesIt() throws Exception {
    String path = root + "/legacy";
    Intruder anonymous = intruders.get(0);
    anonymous.client().create().creatingParentsIfNeeded().forPath(path);
    LeaderElection election = elect(path);
    Leadership term = election.awaitLeadership(Duration.ofSeconds(10)).orElseThrow();

    // The parent kept ZooKeeper's open ACL, so anyone may delete the leader's node: the hole the
    // migration closes.
    anonymous.client().delete().forPath(term.nodePath());
    assertThat(term.awaitRevocation(Duration.ofSeconds(10))).isTrue();
    Leadership again =
        await()
            .atMost(Duration.ofSeconds(20))
            .until(
                () -> election.leadership().filter(Leadership::isActive).orElse(null),
                l -> l != null && l.token().isNewerThan(term.token()));

    int changed = AclMigration.apply(service.curator(), root, SecureSessions.POLICY);
    assertThat(changed).isEqualTo(3); // root, the legacy path, the leader's node
    anonymous.refused(
        "delete the leader's node after the migration", c -> c.delete().forPath(again.nodePath()));
    assertThat(again.isActive()).isTrue();
  }

  @Test
  void theMigrationNeedsAnExistingPathAndThePermissionToChangeIt() throws Exception {
    assertThatThrownBy(
            () -> AclMigration.apply(service.curator(), root + "/missing", SecureSessions.POLICY))
        .isInstanceOf(CoordinationException.class)
        .hasMessageContaining("does not exist");
    assertThat(elect(root + "/owned").awaitLeadership(Duration.ofSeconds(10))).isPresent();
    Intruder other = intruders.get(1);
    assertThatThrownBy(() -> AclMigration.apply(other.client(), root, AclPolicy.open()))
        .isInstanceOf(CoordinationException.class)
        .hasCauseInstanceOf(KeeperException.NoAuthException.class);
  }

  /**
   * The policy as the server stores it for the service: the creator entry expanded to its identity.
   */
  private static List<ACL> serviceAcl() {
    return List.of(
        new ACL(
            ZooDefs.Perms.ALL,
            ZkIdentity.digest(SecureSessions.SERVICE, SecureSessions.SERVICE_PASSWORD)
                .toZooKeeper()),
        new ACL(
            ZooDefs.Perms.READ,
            ZkIdentity.digest(SecureSessions.OBSERVER, SecureSessions.OBSERVER_PASSWORD)
                .toZooKeeper()));
  }

  private LeaderElection elect(String path) {
    LeaderElection election =
        LeaderElection.create(
            service, ElectionConfig.builder(path).participantId("service-1").build(), QUIET);
    service.closeWithSession(election);
    election.start();
    return election;
  }
}
