// SPDX-License-Identifier: Apache-2.0
package dev.baton.fencing.zookeeper;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.baton.fencing.FencingException;
import dev.baton.fencing.FencingToken;
import dev.baton.fencing.WriteOutcomeUnknownException;
import dev.baton.testkit.ZooKeeperFixtures;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.test.TestingServer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * A fenced write or read interrupted while it waits for ZooKeeper fails with an unchecked exception
 * and leaves the thread's interrupt flag set, so the caller's own loop or executor still sees the
 * interruption.
 */
class ZkFenceInterruptTest {
  private static final AtomicInteger RESOURCES = new AtomicInteger();

  private static TestingServer server;
  private static CuratorFramework client;
  private static ZkFence fence;

  @BeforeAll
  static void start() throws Exception {
    server = ZooKeeperFixtures.startServer();
    client = ZooKeeperFixtures.newClient(server.getConnectString(), Duration.ofSeconds(10));
    client.blockUntilConnected();
    fence = ZkFence.create(client, "/baton/interrupt-fences");
  }

  @AfterAll
  static void stop() throws Exception {
    client.close();
    server.close();
  }

  @AfterEach
  void clearInterrupt() {
    Thread.interrupted(); // never leak an interrupt into the next test
  }

  private static String newResource() {
    return "interrupted-" + RESOURCES.incrementAndGet();
  }

  private static FencingToken token(long value) {
    return FencingToken.of("/test/leader", value);
  }

  /** How an interrupted call ended. */
  private enum Ending {
    SUCCEEDED,
    FAILED, // before its multi was sent: nothing was written
    UNKNOWN // interrupted while it waited for the multi's answer: it may have committed
  }

  /**
   * Runs {@code call} from an interrupted thread. Whether ZooKeeper's client notices the interrupt
   * depends on timing (an answer that arrived before it waited is taken without waiting), so the
   * call may succeed; if it fails, it fails for the interrupt, and either way the flag is kept.
   */
  private static Ending callInterrupted(Runnable call) {
    Thread.currentThread().interrupt();
    Ending ending = Ending.SUCCEEDED;
    try {
      call.run();
    } catch (FencingException e) {
      assertThat(e).hasRootCauseInstanceOf(InterruptedException.class);
      ending = Ending.FAILED;
    } catch (WriteOutcomeUnknownException e) {
      assertThat(e).hasRootCauseInstanceOf(InterruptedException.class);
      ending = Ending.UNKNOWN;
    }
    assertThat(Thread.currentThread().isInterrupted()).as("the interrupt flag is kept").isTrue();
    Thread.interrupted();
    return ending;
  }

  @Test
  void aWriteFromAnInterruptedThreadKeepsTheInterruptFlag() {
    String r = newResource();
    Ending ending = callInterrupted(() -> fence.write(r, token(1), tx -> "maybe"));
    switch (ending) {
      case FAILED -> assertThat(fence.highest(r)).isEmpty();
      case SUCCEEDED -> assertThat(fence.highest(r)).contains(token(1));
      case UNKNOWN -> assertThat(fence.highest(r)).isIn(Optional.empty(), Optional.of(token(1)));
    }
  }

  @Test
  void aReadFromAnInterruptedThreadKeepsTheInterruptFlag() {
    String r = newResource();
    fence.write(r, token(3), tx -> null);
    callInterrupted(() -> assertThat(fence.highest(r)).contains(token(3)));
  }

  @Test
  void aCommitFromAnInterruptedThreadKeepsTheInterruptFlag() {
    String r = newResource();
    fence.write(r, token(1), tx -> null);
    // The fence wrote r last, so this write goes straight to the multi, without reading first.
    // The multi may have reached the server before the wait for its answer was interrupted: its
    // outcome is unknown, as after a connection loss, and reported as such, never as a failure.
    Ending ending = callInterrupted(() -> fence.write(r, token(2), tx -> null));
    switch (ending) {
      case FAILED -> assertThat(fence.highest(r)).contains(token(1));
      case SUCCEEDED -> assertThat(fence.highest(r)).contains(token(2));
      case UNKNOWN -> assertThat(fence.highest(r).orElseThrow()).isIn(token(1), token(2));
    }
  }

  @Test
  void anOwnershipGuardedActionThatWasInterruptedKeepsTheInterruptFlag() throws Exception {
    String owner = "/baton/interrupt-owner-" + RESOURCES.incrementAndGet();
    client.create().creatingParentsIfNeeded().forPath(owner);
    ZkOwnershipGuard guard = ZkOwnershipGuard.create(client);
    assertThatThrownBy(
            () ->
                guard.write(
                    owner,
                    tx -> {
                      throw new InterruptedException("the action's wait was interrupted");
                    }))
        .isInstanceOf(FencingException.class)
        .hasCauseInstanceOf(InterruptedException.class);
    assertThat(Thread.currentThread().isInterrupted()).isTrue();
  }

  @Test
  void anActionThatWasInterruptedFailsTheWriteAndKeepsTheInterruptFlag() {
    String r = newResource();
    assertThatThrownBy(
            () ->
                fence.write(
                    r,
                    token(1),
                    tx -> {
                      throw new InterruptedException("the action's wait was interrupted");
                    }))
        .isInstanceOf(FencingException.class)
        .hasCauseInstanceOf(InterruptedException.class);
    assertThat(Thread.currentThread().isInterrupted()).isTrue();
    Thread.interrupted();
    assertThat(fence.highest(r)).isEmpty();
  }
}
