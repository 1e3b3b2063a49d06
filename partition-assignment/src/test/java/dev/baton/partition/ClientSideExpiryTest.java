// SPDX-License-Identifier: Apache-2.0
package dev.baton.partition;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.baton.recipes.BatonSession;
import dev.baton.recipes.SessionConfig;
import dev.baton.testkit.ZooKeeperServerExtension;
import java.time.Duration;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;
import org.apache.zookeeper.CreateMode;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Every member's session expires in its client at once (ZooKeeper's injected expiry, as the chaos
 * harness's expiry storm does), round after round: every partition is owned again each time. The
 * server may keep the old sessions' znodes until its own timeout, or drop them at once (Curator's
 * close of the expired handle can still send closeSession), so both paths of the hand-over are
 * exercised.
 */
class ClientSideExpiryTest {
  private static final Duration WITHIN = Duration.ofSeconds(30);
  private static final int ROUNDS = 4;
  @RegisterExtension static final ZooKeeperServerExtension ZK = new ZooKeeperServerExtension();
  private TestGroup group;

  @AfterEach
  void check() {
    if (group != null) {
      group.close();
      group.assertSafe();
    }
  }

  @Test
  void everyPartitionIsOwnedAgainAfterEachRoundOfClientSideExpiries() throws Exception {
    group = new TestGroup(ZK.connectString(), b -> b.partitionCount(4));
    group.beliefsMayOverlap =
        true; // an expired client may believe a moment longer: the fence decides
    // The server may hold the old sessions' znodes until their timeout: a short one keeps the
    // rounds quick.
    group.sessionTimeout = Duration.ofSeconds(3);
    TestGroup.Member a = group.add("a");
    TestGroup.Member b = group.add("b");
    group.awaitAllOwned(4, WITHIN);
    for (int r = 1; r <= ROUNDS; r++) {
      int round = r;
      long before = highestToken(a, b);
      long sessionA = a.session().sessionId();
      long sessionB = b.session().sessionId();
      a.session()
          .curator()
          .getZookeeperClient()
          .getZooKeeper()
          .getTestable()
          .injectSessionExpiration();
      b.session()
          .curator()
          .getZookeeperClient()
          .getZooKeeper()
          .getTestable()
          .injectSessionExpiration();
      await()
          .atMost(WITHIN)
          .until(() -> a.session().sessionId() != sessionA && b.session().sessionId() != sessionB);
      // Owned again, each partition under a term of the new sessions (a token above every earlier
      // one).
      await()
          .atMost(WITHIN)
          .pollInterval(Duration.ofMillis(20))
          .untilAsserted(
              () -> {
                Map<Integer, String> owners = group.awaitAllOwned(4, WITHIN);
                assertThat(owners.values()).as("round %d", round).containsOnly("a", "b");
                assertThat(
                        Stream.of(a, b)
                            .flatMap(m -> m.member().ownedPartitions().values().stream())
                            .map(l -> l.token().value()))
                    .as("round %d tokens", round)
                    .hasSize(4)
                    .allMatch(t -> t > before);
              });
    }
  }

  /**
   * The case behind the chaos harness's one stuck partition: an ownership znode of the member's
   * own, current session that the member does not hold (a create Curator retried onto the new
   * session after a client-side expiry, recorded and then forgotten with the old session's terms).
   * The member must take it, not wait forever for its own znode to go.
   */
  @Test
  void anOwnershipZnodeOfTheMembersOwnSessionIsTakenNotWaitedFor() throws Exception {
    String path = "/baton-test/own-node-" + System.nanoTime();
    try (BatonSession session =
        BatonSession.start(
            SessionConfig.builder(ZK.connectString()).sessionTimeout(TestGroup.SESSION).build())) {
      session
          .curator()
          .create()
          .creatingParentsIfNeeded()
          .withMode(CreateMode.EPHEMERAL)
          .forPath(path + "/owners/1", RecordFormat.encodeOwner(new RecordFormat.Owner("a", 0)));
      long czxid = session.curator().checkExists().forPath(path + "/owners/1").getCzxid();
      GroupMember member =
          GroupMember.create(
              session,
              GroupConfig.builder(path)
                  .memberId("a")
                  .partitionCount(2)
                  .rebalanceDelay(Duration.ofMillis(50))
                  .build(),
              new RecordingListener("a", new Beliefs()));
      session.closeWithSession(member);
      member.start();
      await()
          .atMost(WITHIN)
          .until(() -> member.ownedPartitions().keySet(), owned -> owned.equals(Set.of(0, 1)));
      assertThat(member.ownedPartitions().get(1).token().value()).isEqualTo(czxid);
    }
  }

  private static long highestToken(TestGroup.Member... members) {
    return Stream.of(members)
        .flatMap(m -> m.member().ownedPartitions().values().stream())
        .mapToLong(l -> l.token().value())
        .max()
        .orElse(0);
  }
}
