// SPDX-License-Identifier: Apache-2.0
package dev.baton.partition;

import static org.assertj.core.api.Assertions.assertThat;

import dev.baton.testkit.ZooKeeperServerExtension;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import org.apache.curator.framework.CuratorFramework;
import org.apache.zookeeper.CreateMode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * 10,000 partitions and 100 members, each with its own session, in one JVM on one real server.
 * Checks that the group converges, that a join moves the minimum, and that the ZooKeeper
 * transactions a rebalance costs stay within twice the moved partitions plus a constant (batched
 * with multi). Times are printed, not asserted: speed is measured by the benchmarks.
 *
 * <p>Safety at this scale: no partition is ever believed owned by two members at once (the members'
 * own callbacks, recorded as they happen), each partition's tokens rise strictly across handoffs,
 * every owner's write goes through a fence per partition with its ownership's token and is
 * accepted, while the writes of the owners a join replaced are rejected as stale, and at the end
 * every partition has exactly one owner.
 */
class ScaleTest {
  private static final int PARTITIONS = 10_000;
  private static final int MEMBERS = 100;
  private static final Duration WITHIN = Duration.ofMinutes(2);
  @RegisterExtension static final ZooKeeperServerExtension ZK = new ZooKeeperServerExtension();

  @Test
  void tenThousandPartitionsOverOneHundredMembers() throws Exception {
    TestGroup group =
        new TestGroup(
            ZK.connectString(),
            b ->
                b.partitionCount(PARTITIONS)
                    .rebalanceDelay(Duration.ofSeconds(1))
                    .rebalanceMaxDelay(Duration.ofSeconds(5)),
            false);
    try (group) {
      // A hundred sessions in one JVM on two cores: a load spike must not expire them (which
      // would be churn, tested elsewhere, not scale).
      group.sessionTimeout = Duration.ofSeconds(20); // the test server's maximum (20 ticks)
      // Each join makes the members already in rebalance 10,000 partitions in multis, and the new
      // session's creation queues behind them on the one server: under load that took longer
      // than the default 5 s connection timeout. Wait as long as a session may be silent.
      group.connectionTimeout = group.sessionTimeout;
      long t0 = System.nanoTime();
      for (int i = 0; i < MEMBERS; i++) {
        group.add(String.format("m%03d", i));
      }
      Map<Integer, String> before = group.awaitAllOwned(PARTITIONS, WITHIN);
      long converge = System.nanoTime() - t0;
      assertThat(before.values().stream().distinct()).hasSize(MEMBERS);
      Map<Integer, PartitionOwnership> oldOwnerships = writeEveryOwnedPartition(group);

      CuratorFramework probe = group.members().get(0).session().curator();
      long zxidBefore = zxid(probe);
      t0 = System.nanoTime();
      group.add("m-new");
      Map<Integer, String> after = group.awaitAllOwned(PARTITIONS, WITHIN);
      long join = System.nanoTime() - t0;
      long transactions = zxid(probe) - zxidBefore - 1;
      long moved =
          before.keySet().stream().filter(p -> !before.get(p).equals(after.get(p))).count();
      assertThat(moved).isEqualTo(PARTITIONS / (MEMBERS + 1));
      // Moved partitions: each one delete by its old owner and one create by the new, in multis
      // of up to 500; plus the new member's session, member znode, election znode and one
      // assignment publish.
      assertThat(transactions).isLessThanOrEqualTo(2 * moved + 10);

      Map<Integer, PartitionOwnership> newOwnerships = writeEveryOwnedPartition(group);
      long rejectedBefore = group.log.rejectedCount();
      for (Map.Entry<Integer, PartitionOwnership> old : oldOwnerships.entrySet()) {
        int p = old.getKey();
        if (!before.get(p).equals(after.get(p))) {
          assertThat(newOwnerships.get(p).token().isNewerThan(old.getValue().token())).isTrue();
          assertThat(old.getValue().isActive()).isFalse();
          group.write(before.get(p), old.getValue()); // the replaced owner writes late
        }
      }
      assertThat(group.log.rejectedCount() - rejectedBefore).isEqualTo(moved);
      assertThat(group.log.acceptedCount()).isEqualTo(2L * PARTITIONS);
      assertThat(group.owners()).isEqualTo(after).hasSize(PARTITIONS);
      System.out.printf(
          "ScaleTest: %d partitions, %d members: converged in %d ms; a join moved %d "
              + "partitions in %d ms with %d ZooKeeper transactions%n",
          PARTITIONS, MEMBERS, converge / 1_000_000, moved, join / 1_000_000, transactions);
    }
    group.assertSafe(); // the fenced writes, the callbacks' order, no overlapping beliefs
    assertThat(group.beliefs.tokenRegressions()).isEmpty();
  }

  /**
   * Writes every partition once through the group's fence, as its owner, with the owner's
   * ownership; every write must be accepted. Returns the ownerships written with.
   */
  private static Map<Integer, PartitionOwnership> writeEveryOwnedPartition(TestGroup group) {
    Map<Integer, PartitionOwnership> ownerships = new HashMap<>();
    long rejected = group.log.rejectedCount();
    for (TestGroup.Member m : group.members()) {
      for (PartitionOwnership ownership : m.member().ownedPartitions().values()) {
        ownerships.put(ownership.partition(), ownership);
        group.write(m.id(), ownership);
      }
    }
    assertThat(group.log.rejectedCount()).isEqualTo(rejected);
    assertThat(ownerships).hasSize(PARTITIONS);
    return ownerships;
  }

  /** The current zxid: the czxid of a probe znode (one transaction). */
  private static long zxid(CuratorFramework client) throws Exception {
    String path =
        client
            .create()
            .creatingParentsIfNeeded()
            .withMode(CreateMode.EPHEMERAL_SEQUENTIAL)
            .forPath("/baton-test/zxid-probe-");
    return client.checkExists().forPath(path).getCzxid();
  }
}
