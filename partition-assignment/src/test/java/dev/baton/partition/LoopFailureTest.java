// SPDX-License-Identifier: Apache-2.0
package dev.baton.partition;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.baton.partition.strategy.AssignmentStrategy;
import dev.baton.partition.strategy.MemberProfile;
import dev.baton.partition.strategy.StickyBalancedStrategy;
import dev.baton.recipes.RevocationReason;
import dev.baton.testkit.ThreadDeaths;
import dev.baton.testkit.ZooKeeperServerExtension;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Collection;
import java.util.Map;
import java.util.SortedSet;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Errors inside a member's loop are never silent: a user-supplied strategy that throws an {@link
 * Error} is logged, counted in {@link GroupHealth#loopFailures()} and retried; a {@link
 * VirtualMachineError} stops the member, revokes its ownerships and marks it failed in health.
 */
class LoopFailureTest {
  private static final Duration WITHIN = Duration.ofSeconds(20);
  @RegisterExtension static final ZooKeeperServerExtension ZK = new ZooKeeperServerExtension();
  private TestGroup group;

  @AfterEach
  void check() {
    group.close();
    group.assertSafe();
  }

  /** A strategy that throws {@code error} while armed, and is the default strategy otherwise. */
  private static final class Throwing implements AssignmentStrategy {
    private final AssignmentStrategy delegate = new StickyBalancedStrategy();
    private final Error error;
    final AtomicInteger failuresLeft;
    final AtomicInteger thrown = new AtomicInteger();

    Throwing(Error error, int failures) {
      this.error = error;
      this.failuresLeft = new AtomicInteger(failures);
    }

    @Override
    public Map<Integer, String> assign(
        SortedSet<Integer> partitions,
        Collection<MemberProfile> members,
        Map<Integer, String> previous) {
      if (failuresLeft.getAndDecrement() > 0) {
        thrown.incrementAndGet();
        throw error;
      }
      return delegate.assign(partitions, members, previous);
    }
  }

  @Test
  void anErrorFromTheStrategyIsLoggedCountedAndRetriedUntilItWorks() {
    Throwing strategy = new Throwing(new AssertionError("broken strategy"), 2);
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    PrintStream original = System.err;
    System.setErr(new PrintStream(new TeeStream(original, err), true, StandardCharsets.UTF_8));
    try {
      group = new TestGroup(ZK.connectString(), b -> b.partitionCount(4).strategy(strategy));
      TestGroup.Member a = group.add("a");
      group.awaitAllOwned(4, WITHIN);
      assertThat(strategy.thrown).hasValue(2);
      GroupHealth health = a.member().health();
      assertThat(health.loopFailures()).isGreaterThanOrEqualTo(2);
      assertThat(health.failed()).isFalse();
      assertThat(health.isHealthy()).isTrue();
    } finally {
      System.setErr(original);
    }
    assertThat(err.toString(StandardCharsets.UTF_8))
        .contains("loop partition-a: a task failed; retrying in the background")
        .contains("java.lang.AssertionError: broken strategy");
  }

  @Test
  void aVirtualMachineErrorStopsTheMemberRevokesItsOwnershipsAndShowsInHealth() {
    Throwing strategy = new Throwing(new StackOverflowError("deep strategy"), 0);
    group = new TestGroup(ZK.connectString(), b -> b.partitionCount(4));
    TestGroup.Member a = group.add("a", b -> b.strategy(strategy));
    group.awaitAllOwned(4, WITHIN);
    assertThat(a.member().isAssigner()).isTrue();

    try (ThreadDeaths deaths = ThreadDeaths.record()) {
      strategy.failuresLeft.set(1);
      group.add("b"); // a, the assigner, computes again: its loop dies of the error
      await()
          .dontCatchUncaughtExceptions()
          .atMost(WITHIN)
          .until(() -> a.member().health().failed() && !deaths.deaths().isEmpty());
      assertThat(deaths.deaths())
          .singleElement()
          .satisfies(d -> assertThat(d.error()).hasMessage("deep strategy"));
    }
    GroupHealth health = a.member().health();
    assertThat(health.isHealthy()).isFalse();
    assertThat(health.loopFailures()).isPositive();
    await()
        .atMost(WITHIN)
        .untilAsserted(
            () ->
                assertThat(a.listener().revocations())
                    .hasSize(4)
                    .allSatisfy(e -> assertThat(e.reason()).isEqualTo(RevocationReason.CLOSED)));
    assertThat(a.member().ownedPartitions()).isEmpty();

    long start = System.nanoTime();
    group.leave("a"); // closing a failed member does not wait for a loop that is gone
    assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(Duration.ofSeconds(8));
    group.awaitAllOwned(4, WITHIN); // its session closed: b takes everything
  }

  /** Copies what is written to two streams. */
  private static final class TeeStream extends java.io.OutputStream {
    private final java.io.OutputStream first;
    private final java.io.OutputStream second;

    TeeStream(java.io.OutputStream first, java.io.OutputStream second) {
      this.first = first;
      this.second = second;
    }

    @Override
    public void write(int b) throws java.io.IOException {
      first.write(b);
      synchronized (second) {
        second.write(b);
      }
    }

    @Override
    public void write(byte[] b, int off, int len) throws java.io.IOException {
      first.write(b, off, len);
      synchronized (second) {
        second.write(b, off, len);
      }
    }
  }
}
