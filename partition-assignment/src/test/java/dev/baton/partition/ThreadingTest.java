// SPDX-License-Identifier: Apache-2.0
package dev.baton.partition;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.baton.partition.strategy.AssignmentStrategy;
import dev.baton.partition.strategy.MemberProfile;
import dev.baton.partition.strategy.StickyBalancedStrategy;
import dev.baton.testkit.ZooKeeperServerExtension;
import java.time.Duration;
import java.util.Arrays;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.SortedSet;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicBoolean;
import org.apache.curator.framework.CuratorFramework;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Which threads a member's loops run on, and that the election's callback loop never waits for the
 * member's loop.
 */
class ThreadingTest {
  private static final Duration WITHIN = Duration.ofSeconds(20);
  @RegisterExtension static final ZooKeeperServerExtension ZK = new ZooKeeperServerExtension();
  private TestGroup group;

  @AfterEach
  void check() {
    group.close();
    group.assertSafe();
  }

  private static List<Thread> threads(String prefix) {
    return Thread.getAllStackTraces().keySet().stream()
        .filter(t -> t.getName().startsWith(prefix))
        .toList();
  }

  @Test
  void aMembersLoopsRunOnThreadsNamedAfterThemAndHoldNoneWhileIdle() {
    List<String> assignedOn = new CopyOnWriteArrayList<>();
    AssignmentStrategy sticky = new StickyBalancedStrategy();
    AssignmentStrategy recording =
        (partitions, members, previous) -> {
          assignedOn.add(Thread.currentThread().getName());
          return sticky.assign(partitions, members, previous);
        };
    group = new TestGroup(ZK.connectString(), b -> b.partitionCount(8));
    TestGroup.Member solo = group.add("threads-solo", b -> b.strategy(recording));
    group.add("threads-other");
    group.awaitAllOwned(8, WITHIN);
    assertThat(solo.member().isAssigner()).isTrue();
    assertThat(assignedOn) // the assigner's I/O too runs on the member's loop
        .isNotEmpty()
        .containsOnly("baton-partition-threads-solo");
    // Each callback ran on its partition's callback loop, named after the member and partition.
    assertThat(solo.listener().events())
        .isNotEmpty()
        .allSatisfy(
            e ->
                assertThat(e.thread())
                    .isEqualTo("baton-partition-callbacks-threads-solo-" + e.partition()));
    // The member's loop, its callback loops and its election's two loops borrow a thread only
    // while they have work.
    await()
        .atMost(WITHIN)
        .untilAsserted(
            () ->
                assertThat(
                        Thread.getAllStackTraces().keySet().stream()
                            .map(Thread::getName)
                            .filter(n -> n.contains("threads-solo")))
                    .isEmpty());
    assertThat(threads("baton-assigner")).isEmpty(); // no thread of its own any more
  }

  /** Blocks, ignoring interrupts, inside assign while armed: a slow computation on the loop. */
  private static final class Blocking implements AssignmentStrategy {
    private final AssignmentStrategy delegate = new StickyBalancedStrategy();
    final AtomicBoolean armed = new AtomicBoolean();
    final CountDownLatch entered = new CountDownLatch(1);
    final CountDownLatch release = new CountDownLatch(1);

    @Override
    public Map<Integer, String> assign(
        SortedSet<Integer> partitions,
        Collection<MemberProfile> members,
        Map<Integer, String> previous) {
      if (armed.get()) {
        entered.countDown();
        boolean interrupted = false;
        while (release.getCount() > 0) {
          try {
            release.await();
          } catch (InterruptedException e) {
            interrupted = true; // uninterruptible, like a busy computation
          }
        }
        if (interrupted) {
          Thread.currentThread().interrupt();
        }
      }
      return delegate.assign(partitions, members, previous);
    }
  }

  @Test
  void theElectionsCallbackThreadReturnsFromRevokedWhileTheAssignersLoopIsBusy() throws Exception {
    Blocking strategy = new Blocking();
    group = new TestGroup(ZK.connectString(), b -> b.partitionCount(4));
    TestGroup.Member a = group.add("a", b -> b.strategy(strategy));
    group.awaitAllOwned(4, WITHIN);
    assertThat(a.member().isAssigner()).isTrue();
    strategy.armed.set(true);
    TestGroup.Member b = group.add("b");
    await().atMost(WITHIN).until(() -> strategy.entered.getCount() == 0); // a's loop is stuck

    CuratorFramework other = b.session().curator();
    String election = group.path + "/assigner";
    long sessionOfA = a.session().sessionId();
    for (String child : other.getChildren().forPath(election)) {
      var stat = other.checkExists().forPath(election + "/" + child);
      if (stat != null && stat.getEphemeralOwner() == sessionOfA) {
        other.delete().forPath(election + "/" + child); // a's assigner term is revoked
      }
    }
    await().atMost(WITHIN).until(() -> !a.member().isAssigner()); // revoked runs on its loop...
    await()
        .atMost(Duration.ofSeconds(2))
        .untilAsserted(
            () -> // ...and returned at once: no thread of that loop is still in partition code
            assertThat(threads("baton-election-callbacks-a@" + group.path))
                    .allSatisfy(
                        callbacks ->
                            assertThat(
                                    Arrays.stream(callbacks.getStackTrace())
                                        .map(StackTraceElement::getClassName))
                                .noneMatch(c -> c.startsWith("dev.baton.partition"))));
    assertThat(strategy.release.getCount()).isOne(); // while a's loop is still blocked
    assertThat(strategy.entered.getCount()).isZero();

    strategy.armed.set(false);
    strategy.release.countDown();
    group.awaitAllOwned(4, WITHIN);
  }
}
