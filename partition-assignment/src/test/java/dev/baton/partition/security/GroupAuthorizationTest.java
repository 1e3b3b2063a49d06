// SPDX-License-Identifier: Apache-2.0
package dev.baton.partition.security;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import dev.baton.partition.GroupConfig;
import dev.baton.partition.GroupMember;
import dev.baton.partition.GroupStatus;
import dev.baton.partition.PartitionListener;
import dev.baton.partition.PartitionOwnership;
import dev.baton.recipes.BatonSession;
import dev.baton.recipes.RevocationReason;
import dev.baton.recipes.SessionConfig;
import dev.baton.recipes.security.AclPolicy;
import dev.baton.recipes.security.Authentication;
import dev.baton.recipes.security.ZkIdentity;
import dev.baton.testkit.Closer;
import dev.baton.testkit.Intruder;
import dev.baton.testkit.ZooKeeperServerExtension;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;
import org.apache.curator.framework.CuratorFramework;
import org.apache.zookeeper.CreateMode;
import org.apache.zookeeper.KeeperException;
import org.apache.zookeeper.data.Stat;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * A partitioned group of an authenticated service on a real server: an anonymous client and a
 * client with other credentials can neither publish an assignment, nor take or free a partition's
 * ownership znode, nor join; a group member of another service takes nothing; an observer with read
 * access reads the whole status. The group's state is unchanged by every attempt.
 */
class GroupAuthorizationTest {
  @RegisterExtension static final ZooKeeperServerExtension ZK = new ZooKeeperServerExtension();

  private static final String GROUP = "/billing/consumers";
  private static final int PARTITIONS = 8;
  private static final ZkIdentity OBSERVER = ZkIdentity.digest("observer", "observer-secret");
  private static final PartitionListener QUIET =
      new PartitionListener() {
        @Override
        public void assigned(PartitionOwnership ownership) {}

        @Override
        public void revoked(PartitionOwnership ownership, RevocationReason reason) {}
      };

  @RegisterExtension final Closer closer = new Closer();
  private BatonSession admin;
  private List<Intruder> intruders;

  @BeforeEach
  void setUp() {
    admin = closer.add(session(Authentication.digest("billing", "billing-secret")));
    for (String id : List.of("worker-1", "worker-2")) {
      member(closer.add(session(Authentication.digest("billing", "billing-secret"))), id);
    }
    intruders =
        List.of(
            closer.add(Intruder.anonymous(ZK.connectString())),
            closer.add(Intruder.withDigest(ZK.connectString(), "mallory", "mallory-secret")));
  }

  @Test
  void strangersCannotPublishTakeOrJoinAndTheStateIsUnchanged() throws Exception {
    GroupStatus before = awaitSettled(admin);
    CuratorFramework zk = admin.curator();
    Stat assignmentBefore = zk.checkExists().forPath(GROUP + "/assignment");
    byte[] assignmentData = zk.getData().forPath(GROUP + "/assignment");
    Map<String, Long> ownerNodes = czxids(zk, GROUP + "/owners");
    byte[] forged =
        new String(assignmentData, StandardCharsets.UTF_8)
            .replace("worker-1", "mallory")
            .getBytes(StandardCharsets.UTF_8);

    for (Intruder intruder : intruders) {
      intruder.refused(
          "publish an assignment", c -> c.setData().forPath(GROUP + "/assignment", forged));
      intruder.refused("delete the assignment", c -> c.delete().forPath(GROUP + "/assignment"));
      intruder.refused("free partition 3", c -> c.delete().forPath(GROUP + "/owners/3"));
      intruder.refused(
          "take a new partition",
          c -> c.create().withMode(CreateMode.EPHEMERAL).forPath(GROUP + "/owners/" + PARTITIONS));
      intruder.refused(
          "join as a member",
          c -> c.create().withMode(CreateMode.EPHEMERAL).forPath(GROUP + "/members/mallory"));
      intruder.refused(
          "stand for assigner",
          c ->
              c.create()
                  .withMode(CreateMode.EPHEMERAL_SEQUENTIAL)
                  .forPath(GROUP + "/assigner/_c_00000000-0000-0000-0000-000000000000-n_"));
      intruder.refused("publish a partition set", c -> c.create().forPath(GROUP + "/partitions"));
      intruder.refused("read the assignment", c -> c.getData().forPath(GROUP + "/assignment"));
    }

    // A Baton member of another service: it cannot even register, so it is never assigned anything.
    try (BatonSession other = session(Authentication.digest("mallory", "mallory-secret"))) {
      GroupMember outsider = member(other, "mallory");
      await()
          .during(Duration.ofSeconds(2))
          .atMost(Duration.ofSeconds(5))
          .until(() -> !outsider.health().joined() && outsider.ownedPartitions().isEmpty());
      outsider.close();
    }

    GroupStatus after = GroupStatus.read(admin, GROUP);
    assertThat(owners(after)).isEqualTo(owners(before));
    assertThat(after.generation()).isEqualTo(before.generation());
    assertThat(zk.checkExists().forPath(GROUP + "/assignment").getVersion())
        .isEqualTo(assignmentBefore.getVersion());
    assertThat(zk.getData().forPath(GROUP + "/assignment")).isEqualTo(assignmentData);
    assertThat(czxids(zk, GROUP + "/owners")).isEqualTo(ownerNodes);
    assertThat(after.members())
        .extracting(GroupStatus.MemberStatus::id)
        .containsExactlyInAnyOrder("worker-1", "worker-2");
  }

  @Test
  void anObserverWithReadAccessSeesTheGroupButCannotChangeIt() throws Exception {
    GroupStatus seenByService = awaitSettled(admin);
    try (BatonSession observer = session(Authentication.digest("observer", "observer-secret"))) {
      GroupStatus seen = GroupStatus.read(observer, GROUP);
      assertThat(seen.problems()).isEmpty();
      assertThat(owners(seen)).isEqualTo(owners(seenByService));
      assertThat(seen.assigner()).isEqualTo(seenByService.assigner());
      assertThat(seen.assigner()).isPresent();
      assertThat(seen.partitions()).allSatisfy(p -> assertThat(p.token()).isPresent());
      assertThat(observer.curator().getData().forPath(GROUP + "/assignment"))
          .isEqualTo(admin.curator().getData().forPath(GROUP + "/assignment"));
      assertThatThrownBy(() -> observer.curator().delete().forPath(GROUP + "/owners/0"))
          .isInstanceOf(KeeperException.NoAuthException.class);
    }
  }

  private GroupStatus awaitSettled(BatonSession session) {
    return await()
        .atMost(Duration.ofSeconds(30))
        .until(
            () -> GroupStatus.read(session, GROUP),
            s ->
                s.partitions().size() == PARTITIONS
                    && s.unowned() == 0
                    && s.partitions().stream().allMatch(p -> p.owner().equals(p.assignedTo()))
                    // both workers own partitions: the rebalance after the second one joined is
                    // done (before it, all could be settled on the first, then move)
                    && s.partitions().stream().map(p -> p.owner()).distinct().count() == 2);
  }

  private static Map<Integer, String> owners(GroupStatus status) {
    return status.partitions().stream()
        .filter(p -> p.owner().isPresent())
        .collect(
            Collectors.toMap(
                GroupStatus.PartitionStatus::partition,
                p -> p.owner().get(),
                (a, b) -> a,
                TreeMap::new));
  }

  private static Map<String, Long> czxids(CuratorFramework zk, String path) throws Exception {
    Map<String, Long> result = new TreeMap<>();
    for (String child : zk.getChildren().forPath(path)) {
      result.put(child, zk.checkExists().forPath(path + "/" + child).getCzxid());
    }
    return result;
  }

  private GroupMember member(BatonSession session, String id) {
    GroupMember member =
        GroupMember.create(
            session,
            GroupConfig.builder(GROUP)
                .memberId(id)
                .partitionCount(PARTITIONS)
                .rebalanceDelay(Duration.ofMillis(50))
                .build(),
            QUIET);
    session.closeWithSession(member);
    member.start();
    return member;
  }

  private static BatonSession session(Authentication authentication) {
    return BatonSession.start(
        SessionConfig.builder(ZK.connectString())
            .sessionTimeout(Duration.ofSeconds(10))
            .authentication(authentication)
            .aclPolicy(AclPolicy.creatorOnly().withReaders(OBSERVER))
            .build());
  }
}
