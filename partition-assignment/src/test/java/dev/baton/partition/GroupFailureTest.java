// SPDX-License-Identifier: Apache-2.0
package dev.baton.partition;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.baton.recipes.RevocationReason;
import dev.baton.testkit.SessionExpirer;
import dev.baton.testkit.TcpProxy;
import dev.baton.testkit.ZooKeeperServerExtension;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.apache.zookeeper.CreateMode;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Faults on real ZooKeeper: crashes, the assigner crashing mid-rebalance, cuts, bad data,
 * duplicates.
 */
class GroupFailureTest {
  private static final Duration WITHIN = Duration.ofSeconds(30);
  @RegisterExtension static final ZooKeeperServerExtension ZK = new ZooKeeperServerExtension();
  private TestGroup group;
  private TcpProxy proxy;

  @AfterEach
  void check() {
    group.close();
    if (proxy != null) {
      proxy.close();
    }
    group.assertSafe();
  }

  private static Set<Integer> of(Map<Integer, String> owners, String member) {
    return owners.entrySet().stream()
        .filter(e -> e.getValue().equals(member))
        .map(Map.Entry::getKey)
        .collect(Collectors.toSet());
  }

  @Test
  void crashedMembersPartitionsAreOwnedAgainAfterItsSessionExpires() {
    group = new TestGroup(ZK.connectString(), b -> b.partitionCount(9));
    group.beliefsMayOverlap = true; // the server expires c before c hears of it: the fence decides
    group.add("a");
    group.add("b");
    TestGroup.Member c = group.add("c");
    Map<Integer, String> before = group.awaitAllOwned(9, WITHIN);

    SessionExpirer.expireOnServer(c.session().curator(), Duration.ofSeconds(10));
    c.member().close(); // the process is gone; its session was already expired
    group.remove("c");
    Map<Integer, String> after = group.awaitAllOwned(9, WITHIN);
    assertThat(after.values()).doesNotContain("c");
    assertThat(of(after, "a")).containsAll(of(before, "a"));
    assertThat(of(after, "b")).containsAll(of(before, "b"));
  }

  @Test
  void assignerCrashingMidRebalanceLeavesNoPartitionUnownedOrDoublyOwned() {
    group = new TestGroup(ZK.connectString(), b -> b.partitionCount(24));
    group.beliefsMayOverlap = true;
    for (String id : new String[] {"a", "b", "c"}) {
      group.add(id);
    }
    group.awaitAllOwned(24, WITHIN);
    TestGroup.Member assigner =
        group.members().stream().filter(m -> m.member().isAssigner()).findFirst().orElseThrow();
    group.add("d");
    group.add("e");
    SessionExpirer.expireOnServer(assigner.session().curator(), Duration.ofSeconds(10));
    assigner.member().close();
    group.remove(assigner.id());
    Map<Integer, String> after = group.awaitAllOwned(24, WITHIN);
    assertThat(after.values()).doesNotContain(assigner.id());
    assertThat(group.members()).anySatisfy(m -> assertThat(m.member().isAssigner()).isTrue());
  }

  @Test
  void aShortCutRevokesAtOnceAndTheSurvivingSessionGetsTheSameTokensBack() {
    group = new TestGroup(ZK.connectString(), b -> b.partitionCount(4));
    proxy = TcpProxy.start("127.0.0.1", ZK.port());
    TestGroup.Member a = group.addVia(proxy.connectString(), "a", b -> b);
    group.awaitAllOwned(4, WITHIN);
    Map<Integer, PartitionOwnership> before = Map.copyOf(a.member().ownedPartitions());

    proxy.cut();
    await()
        .atMost(WITHIN)
        .until(() -> a.member().ownedPartitions().isEmpty()); // the signals, at once
    // then the revoked callbacks, on the callback pool
    await()
        .atMost(WITHIN)
        .untilAsserted(
            () ->
                assertThat(a.listener().revocations())
                    .hasSize(4)
                    .allSatisfy(
                        e ->
                            assertThat(e.reason())
                                .isEqualTo(RevocationReason.CONNECTION_SUSPENDED)));
    Instant healed = Instant.now();
    proxy.heal();
    group.awaitAllOwned(4, WITHIN);
    // the same tokens, taken when they were; each term began at the resume (a late callback's
    // work can tell when its term began)
    assertThat(a.member().ownedPartitions().values())
        .allSatisfy(
            l -> {
              PartitionOwnership first = before.get(l.partition());
              assertThat(l.token()).isEqualTo(first.token());
              assertThat(l.since()).isEqualTo(first.since());
              assertThat(l.startedAt()).isAfterOrEqualTo(healed);
            });
  }

  @Test
  void aReconnectInsideTheSessionDoesNotCutADrainShort() {
    group =
        new TestGroup(
            ZK.connectString(), b -> b.partitionCount(2).drainTimeout(Duration.ofSeconds(60)));
    proxy = TcpProxy.start("127.0.0.1", ZK.port());
    TestGroup.Member a = group.addVia(proxy.connectString(), "a", b -> b);
    group.awaitAllOwned(2, WITHIN);
    java.util.concurrent.CountDownLatch finishDrain = new java.util.concurrent.CountDownLatch(1);
    java.util.Set<Integer> draining = java.util.concurrent.ConcurrentHashMap.newKeySet();
    a.listener().onRevoked =
        ownership -> {
          draining.add(ownership.partition());
          try {
            finishDrain.await();
          } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
          }
        };
    TestGroup.Member b = group.add("b");
    await().atMost(WITHIN).until(() -> !draining.isEmpty());
    int moving = draining.iterator().next();

    proxy.cut(); // the connection drops during the drain, and comes back within the session
    await().atMost(WITHIN).until(() -> a.member().ownedPartitions().isEmpty());
    proxy.heal();
    await().atMost(WITHIN).until(() -> a.member().ownedPartitions().size() == 1);
    await()
        .during(Duration.ofSeconds(1))
        .atMost(Duration.ofSeconds(3))
        .until(() -> !b.member().ownedPartitions().containsKey(moving));
    assertThat(GroupStatus.read(b.session(), group.path).partitions().get(moving).owner())
        .contains("a");

    finishDrain.countDown();
    group.awaitAllOwned(2, WITHIN);
    assertThat(b.member().ownedPartitions()).containsKey(moving);
  }

  @Test
  void aMemberWhoseZnodeIsDeletedJoinsAgain() throws Exception {
    group = new TestGroup(ZK.connectString(), b -> b.partitionCount(4));
    TestGroup.Member a = group.add("a");
    TestGroup.Member b = group.add("b");
    group.awaitAllOwned(4, WITHIN);
    long czxid = b.session().curator().checkExists().forPath(group.path + "/members/a").getCzxid();
    b.session().curator().delete().forPath(group.path + "/members/a");
    await()
        .atMost(WITHIN)
        .until(
            () -> {
              org.apache.zookeeper.data.Stat stat =
                  b.session().curator().checkExists().forPath(group.path + "/members/a");
              return stat != null && stat.getCzxid() != czxid;
            });
    group.awaitAllOwned(4, WITHIN);
    assertThat(a.member().health().isHealthy()).isTrue();
    assertThat(a.member().ownedPartitions()).hasSize(2);
  }

  @Test
  void partitionSetFromZooKeeperMayGrowShrinkAndBecomeEmpty() {
    group = new TestGroup(ZK.connectString(), b -> b);
    TestGroup.Member a = group.add("a");
    group.add("b");
    GroupAdmin.setPartitionCount(a.session(), group.path, 8);
    group.awaitAllOwned(8, WITHIN);
    GroupAdmin.setPartitionCount(a.session(), group.path, 12);
    group.awaitAllOwned(12, WITHIN);
    GroupAdmin.setPartitionCount(a.session(), group.path, 6);
    group.awaitAllOwned(6, WITHIN);
    assertThat(group.members())
        .allSatisfy(
            m ->
                assertThat(m.listener().revocations())
                    .filteredOn(e -> e.partition() >= 6)
                    .allSatisfy(
                        e -> assertThat(e.reason()).isEqualTo(RevocationReason.PARTITION_REMOVED)));
    assertThat(GroupAdmin.partitions(a.session(), group.path))
        .hasValueSatisfying(s -> assertThat(s).hasSize(6));

    GroupAdmin.setPartitionCount(a.session(), group.path, 0);
    await().atMost(WITHIN).until(() -> group.owners().isEmpty());
    assertThat(group.members())
        .allSatisfy(m -> assertThat(m.member().health().isHealthy()).isTrue());
  }

  @Test
  void rollingRestartInsideTheGraceGetsThePartitionsBackAndNothingElseMoves() {
    group =
        new TestGroup(
            ZK.connectString(), b -> b.partitionCount(12).rejoinGrace(Duration.ofSeconds(20)));
    group.add("a");
    group.add("b");
    group.add("c");
    Map<Integer, String> before = group.awaitAllOwned(12, WITHIN);
    int revokedFromA = group.get("a").listener().revocations().size();
    int revokedFromB = group.get("b").listener().revocations().size();

    group.leave("c");
    await().atMost(WITHIN).until(() -> group.owners().size() == 8); // c's four wait for c
    group.add("c");
    Map<Integer, String> after = group.awaitAllOwned(12, WITHIN);
    assertThat(after).isEqualTo(before);
    assertThat(group.get("a").listener().revocations()).hasSize(revokedFromA);
    assertThat(group.get("b").listener().revocations()).hasSize(revokedFromB);
  }

  @Test
  void memberThatDoesNotReturnLosesItsPartitionsAfterTheGrace() {
    group =
        new TestGroup(
            ZK.connectString(), b -> b.partitionCount(6).rejoinGrace(Duration.ofMillis(1500)));
    group.add("a");
    group.add("b");
    group.awaitAllOwned(6, WITHIN);
    group.leave("b");
    Map<Integer, String> after = group.awaitAllOwned(6, WITHIN);
    assertThat(after.values()).containsOnly("a");
  }

  @Test
  void aSecondProcessWithTheSameMemberIdWaitsAndTakesNothing() {
    group = new TestGroup(ZK.connectString(), b -> b.partitionCount(4));
    TestGroup.Member first = group.add("a");
    group.awaitAllOwned(4, WITHIN);
    TestGroup.Member twin = group.add("a");
    await().atMost(WITHIN).until(() -> twin.member().health().duplicateId());
    assertThat(twin.member().ownedPartitions()).isEmpty();
    assertThat(twin.member().health().isHealthy()).isFalse();
    assertThat(first.member().ownedPartitions()).hasSize(4);

    group.leave("a");
    await().atMost(WITHIN).until(() -> twin.member().ownedPartitions().size() == 4);
    assertThat(twin.member().health().duplicateId()).isFalse();
  }

  @Test
  void malformedAssignmentAndMemberRecordsAreIgnoredWithoutACrash() throws Exception {
    group = new TestGroup(ZK.connectString(), b -> b.partitionCount(6));
    TestGroup.Member a = group.add("a");
    group.add("b");
    Map<Integer, String> before = group.awaitAllOwned(6, WITHIN);

    a.session()
        .curator()
        .setData()
        .forPath(
            group.path + "/assignment",
            "baton-assignment/1\ngeneration=x\n".getBytes(StandardCharsets.UTF_8));
    a.session()
        .curator()
        .create()
        .withMode(CreateMode.EPHEMERAL)
        .forPath(group.path + "/members/bogus", "not a record".getBytes(StandardCharsets.UTF_8));
    await()
        .atMost(WITHIN)
        .until(
            () ->
                group.members().stream().allMatch(m -> m.member().health().malformedRecords() > 0));
    assertThat(group.owners()).isEqualTo(before);

    group.add(
        "c"); // the next rebalance replaces the bad assignment, sticky via the ownership znodes
    Map<Integer, String> after = group.awaitAllOwned(6, WITHIN);
    assertThat(after.values()).contains("c").doesNotContain("bogus");
    assertThat(after.entrySet().stream().filter(e -> !e.getValue().equals(before.get(e.getKey()))))
        .hasSize(2);
    assertThat(GroupStatus.read(a.session(), group.path).problems())
        .anySatisfy(p -> assertThat(p).contains("/members/bogus"));
  }
}
