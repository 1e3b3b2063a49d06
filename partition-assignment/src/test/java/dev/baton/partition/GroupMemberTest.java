// SPDX-License-Identifier: Apache-2.0
package dev.baton.partition;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import dev.baton.recipes.RevocationReason;
import dev.baton.testkit.ZooKeeperServerExtension;
import java.time.Duration;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Collectors;
import org.apache.zookeeper.data.Stat;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** Membership changes on one real ZooKeeper server: join, leave, drain, tokens, status. */
class GroupMemberTest {
  private static final Duration WITHIN = Duration.ofSeconds(20);
  @RegisterExtension static final ZooKeeperServerExtension ZK = new ZooKeeperServerExtension();
  private TestGroup group;

  @AfterEach
  void check() {
    if (group == null) {
      return; // the negative control closes and checks its own group
    }
    group.close();
    group.assertSafe();
  }

  private TestGroup group(int partitions) {
    group = new TestGroup(ZK.connectString(), b -> b.partitionCount(partitions));
    return group;
  }

  private static long moved(Map<Integer, String> before, Map<Integer, String> after) {
    return before.keySet().stream().filter(p -> !before.get(p).equals(after.get(p))).count();
  }

  @Test
  void joinMovesOnlyTheMinimumAndInterruptsNothingElse() {
    group(12);
    group.add("a");
    group.add("b");
    group.add("c");
    Map<Integer, String> before = group.awaitAllOwned(12, WITHIN);
    assertThat(before.values().stream().distinct()).hasSize(3);
    Map<String, Integer> earlier = new java.util.HashMap<>();
    for (String id : new String[] {"a", "b", "c"}) {
      earlier.put(id, group.get(id).listener().revocations().size());
    }

    group.add("d");
    Map<Integer, String> after = group.awaitAllOwned(12, WITHIN);
    assertThat(moved(before, after)).isEqualTo(3);
    assertThat(after.values().stream().filter("d"::equals)).hasSize(3);
    for (String id : new String[] {"a", "b", "c"}) {
      java.util.List<RecordingListener.Event> all = group.get(id).listener().revocations();
      assertThat(all.subList(earlier.get(id), all.size()))
          .allSatisfy(
              e -> {
                assertThat(e.reason()).isEqualTo(RevocationReason.REASSIGNED);
                assertThat(after.get(e.partition())).isEqualTo("d");
              });
    }
  }

  @Test
  void gracefulLeaveMovesOnlyTheLeaversPartitions() {
    group(10);
    group.add("a");
    group.add("b");
    group.add("c");
    Map<Integer, String> before = group.awaitAllOwned(10, WITHIN);
    Set<Integer> ofC =
        before.entrySet().stream()
            .filter(e -> e.getValue().equals("c"))
            .map(Map.Entry::getKey)
            .collect(Collectors.toSet());

    int revokedFromA = group.get("a").listener().revocations().size();
    int revokedFromB = group.get("b").listener().revocations().size();
    group.leave("c");
    Map<Integer, String> after = group.awaitAllOwned(10, WITHIN);
    assertThat(moved(before, after)).isEqualTo(ofC.size());
    assertThat(group.get("a").listener().revocations()).hasSize(revokedFromA);
    assertThat(group.get("b").listener().revocations()).hasSize(revokedFromB);
  }

  @Test
  void tokenIsTheOwnershipZnodeCzxidAndRisesAcrossTerms() throws Exception {
    group(4);
    TestGroup.Member a = group.add("a");
    group.awaitAllOwned(4, WITHIN);
    PartitionOwnership first = a.member().ownership(0).orElseThrow();
    Stat stat = a.session().curator().checkExists().forPath(group.path + "/owners/0");
    assertThat(first.token().value()).isEqualTo(stat.getCzxid());
    assertThat(first.token().scope()).isEqualTo(group.path + "/owners/0");
    assertThat(first.ownerNodePath()).isEqualTo(group.path + "/owners/0");

    group.add("b");
    group.leave("a");
    Map<Integer, String> owners = group.awaitAllOwned(4, WITHIN);
    assertThat(owners).containsEntry(0, "b");
    PartitionOwnership second = group.get("b").member().ownership(0).orElseThrow();
    assertThat(second.token().isNewerThan(first.token())).isTrue();
    assertThat(first.isActive()).isFalse();
    assertThat(first.revocationReason()).isPresent();
  }

  @Test
  void newOwnerWaitsUntilTheOldOwnersRevokedCallbackHasDrained() throws Exception {
    group(2);
    TestGroup.Member a = group.add("a");
    group.awaitAllOwned(2, WITHIN);
    CountDownLatch draining = new CountDownLatch(1);
    CountDownLatch finishDrain = new CountDownLatch(1);
    a.listener().onRevoked =
        ownership -> {
          draining.countDown();
          try {
            finishDrain.await();
          } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
          }
        };
    TestGroup.Member b = group.add("b");
    await().atMost(WITHIN).until(() -> draining.getCount() == 0);
    // a is inside revoked for the moving partition: nobody else may own it yet.
    assertThat(b.member().ownedPartitions()).isEmpty();
    GroupStatus status = GroupStatus.read(b.session(), group.path);
    assertThat(status.partitions()).allSatisfy(p -> assertThat(p.owner()).contains("a"));
    assertThat(status.partitions()).anySatisfy(p -> assertThat(p.assignedTo()).contains("b"));

    finishDrain.countDown();
    Map<Integer, String> owners = group.awaitAllOwned(2, WITHIN);
    assertThat(owners.values()).containsExactlyInAnyOrder("a", "b");
  }

  @Test
  void aHangingRevokedHoldsUpOnlyItsOwnPartition() throws Exception {
    group = new TestGroup(ZK.connectString(), b -> b.partitionCount(4).drainTimeout(WITHIN));
    TestGroup.Member a = group.add("a");
    group.awaitAllOwned(4, WITHIN);
    CountDownLatch release = new CountDownLatch(1);
    AtomicInteger hanging = new AtomicInteger(-1);
    a.listener().onRevoked =
        ownership -> {
          if (hanging.compareAndSet(-1, ownership.partition())) {
            try {
              release.await(); // only the first revoked hangs (no drain timeout within the test)
            } catch (InterruptedException e) {
              Thread.currentThread().interrupt();
            }
          }
        };
    CompletableFuture<Void> closed = CompletableFuture.runAsync(() -> group.leave("a"));
    // The other three partitions' revoked run while the first one's still hangs.
    await().atMost(WITHIN).until(() -> a.listener().revocations().size() == 3);
    assertThat(a.listener().revocations()).noneMatch(e -> e.partition() == hanging.get());
    assertThat(closed).isNotDone();
    release.countDown();
    closed.get(WITHIN.toSeconds(), TimeUnit.SECONDS);
    assertThat(a.listener().revocations()).hasSize(4);
  }

  @Test
  void drainTimeoutReleasesAPartitionWhoseRevokedCallbackHangs() {
    group =
        new TestGroup(
            ZK.connectString(), b -> b.partitionCount(2).drainTimeout(Duration.ofMillis(300)));
    group.beliefsMayOverlap =
        true; // a is still inside revoked when b takes over: the fence decides
    TestGroup.Member a = group.add("a");
    group.awaitAllOwned(2, WITHIN);
    CountDownLatch never = new CountDownLatch(1);
    a.listener().onRevoked =
        ownership -> {
          try {
            never.await();
          } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
          }
        };
    group.add("b");
    Map<Integer, String> owners = group.awaitAllOwned(2, WITHIN);
    assertThat(owners.values()).containsExactlyInAnyOrder("a", "b");
    never.countDown();
  }

  @Test
  void callbacksRunOnTheirPartitionsLoopNeverOnZooKeeperThreads() {
    group(6);
    TestGroup.Member a = group.add("a");
    group.add("b");
    group.awaitAllOwned(6, WITHIN);
    assertThat(a.listener().events())
        .isNotEmpty()
        .allSatisfy(
            e -> assertThat(e.thread()).isEqualTo("baton-partition-callbacks-a-" + e.partition()));
  }

  @Test
  void metricsCountOwnershipMovesGenerationAndUnownedPartitions() {
    group(8);
    io.micrometer.core.instrument.simple.SimpleMeterRegistry registry =
        new io.micrometer.core.instrument.simple.SimpleMeterRegistry();
    TestGroup.Member a = group.add("a", b -> b.meterRegistry(registry));
    group.awaitAllOwned(8, WITHIN);
    await()
        .atMost(WITHIN)
        .until(() -> registry.get("baton.partition.unowned").gauge().value() == 0);
    group.add("b");
    group.awaitAllOwned(8, WITHIN);
    assertThat(a.member().isAssigner()).isTrue();
    assertThat(registry.get("baton.partition.owned").gauge().value()).isEqualTo(4);
    assertThat(registry.get("baton.partition.moves").counter().count()).isEqualTo(4);
    assertThat(registry.get("baton.partition.generation").gauge().value()).isEqualTo(2);
    assertThat(registry.get("baton.partition.handoff").timer().count()).isEqualTo(8);
    assertThat(
            registry.get("baton.partition.revoked").tag("reason", "REASSIGNED").counter().count())
        .isEqualTo(4);
    await()
        .atMost(WITHIN)
        .until(() -> registry.get("baton.partition.unowned").gauge().value() == 0);
  }

  @Test
  void aStaleOwnersWriteIsRejectedByTheFence() {
    group(1);
    long rejectedBefore = staleOwnerWritesAfterAHandoff(group);
    assertThat(group.log.rejectedCount()).isEqualTo(rejectedBefore + 1);
    group.assertSafe();
  }

  /**
   * Negative control of the test above and of every {@link TestGroup#assertSafe()}: the same run,
   * with the same members, writer and checker, through a fence whose check is switched off. The
   * stale owner's write is accepted and the check the other tests rely on reports it.
   */
  @Test
  void withoutTheFenceCheckTheStaleWriteIsAcceptedAndTheSafetyCheckFails() {
    try (TestGroup unfenced =
        new TestGroup(ZK.connectString(), b -> b.partitionCount(1), true, new UncheckedFence())) {
      long rejectedBefore = staleOwnerWritesAfterAHandoff(unfenced);
      assertThat(unfenced.log.rejectedCount()).isEqualTo(rejectedBefore);
      assertThatThrownBy(unfenced::assertSafe)
          .isInstanceOf(AssertionError.class)
          .hasMessageContaining("p0: token")
          .hasMessageContaining(" of a accepted after token ")
          .hasMessageContaining(" of b ");
    }
  }

  /**
   * a owns partition 0 and the group's writer writes it with a's ownership; b joins, a leaves, b's
   * writes land; then a, waking up from a pause, writes with the ownership it still holds. Returns
   * the number of rejected writes before a's late one.
   */
  private static long staleOwnerWritesAfterAHandoff(TestGroup g) {
    TestGroup.Member a = g.add("a");
    g.awaitAllOwned(1, WITHIN);
    PartitionOwnership old = a.member().ownership(0).orElseThrow();
    await()
        .atMost(WITHIN)
        .until(() -> g.log.lastAccepted("p0").map(w -> w.writer().equals("a")).orElse(false));
    g.add("b");
    g.leave("a");
    g.awaitAllOwned(1, WITHIN);
    await()
        .atMost(WITHIN)
        .until(() -> g.log.lastAccepted("p0").map(w -> w.writer().equals("b")).orElse(false));
    long rejectedBefore = g.log.rejectedCount();
    g.write("a", old);
    return rejectedBefore;
  }

  @Test
  void aBurstOfJoinsIsCoalescedIntoFewRebalances() {
    group =
        new TestGroup(
            ZK.connectString(),
            b ->
                b.partitionCount(12)
                    .rebalanceDelay(Duration.ofSeconds(1))
                    .rebalanceMaxDelay(Duration.ofSeconds(10)));
    TestGroup.Member a = group.add("a");
    group.awaitAllOwned(12, WITHIN);
    long before = a.member().health().generation();
    for (String id : new String[] {"b", "c", "d", "e", "f"}) {
      group.add(id);
    }
    group.awaitAllOwned(12, WITHIN);
    // Five joins within the quiet period of one second: one rebalance, two if the burst straddled
    // it.
    assertThat(a.member().health().generation() - before).isBetween(1L, 2L);
  }

  @Test
  void statusShowsMembersAssignerOwnersAndTokens() {
    group(6);
    group.add("a", b -> b.weight(2).zone("z1"));
    group.add("b");
    Map<Integer, String> owners = group.awaitAllOwned(6, WITHIN);
    TestGroup.Member a = group.get("a");
    GroupStatus status = GroupStatus.read(a.session(), group.path);
    assertThat(status.members()).extracting(GroupStatus.MemberStatus::id).containsExactly("a", "b");
    assertThat(status.members().get(0).weight()).isEqualTo(2);
    assertThat(status.members().get(0).zone()).contains("z1");
    assertThat(status.assigner()).isPresent();
    assertThat(status.generation()).isPositive();
    assertThat(status.unowned()).isZero();
    assertThat(status.problems()).isEmpty();
    assertThat(status.partitions())
        .hasSize(6)
        .allSatisfy(
            p -> {
              assertThat(p.owner()).contains(owners.get(p.partition()));
              assertThat(p.assignedTo()).isEqualTo(p.owner());
              assertThat(p.token()).isPresent();
              assertThat(p.since()).isPresent();
            });
    long ofA = owners.values().stream().filter("a"::equals).count();
    assertThat(ofA).isEqualTo(4); // weight 2 of 3
    assertThat(a.member().health().isHealthy()).isTrue();
  }
}
