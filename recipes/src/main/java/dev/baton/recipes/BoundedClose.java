// SPDX-License-Identifier: Apache-2.0
package dev.baton.recipes;

import dev.baton.recipes.spi.BatonThreads;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import org.apache.curator.framework.CuratorFramework;
import org.slf4j.Logger;

/**
 * Closes a session's Curator client within a bound: ZooKeeper's {@code close()} waits for its
 * {@code closeSession} answer without a timeout. The close runs on its own thread; past the bound
 * that thread is interrupted (ZooKeeper drops the request): the session then expires.
 */
record BoundedClose(CuratorFramework client, String name, Logger log) {

  /** Closes the client within {@code wait}; {@code connected}: the link was up at the start. */
  public void close(Duration wait, boolean connected) {
    // A pending interrupt would drop the closeSession request (the session expires): restored.
    boolean interrupted = Thread.interrupted();
    try {
      closeWithin(wait, connected);
    } finally {
      if (interrupted) {
        Thread.currentThread().interrupt();
      }
    }
  }

  private void closeWithin(Duration wait, boolean connected) {
    long deadline = System.nanoTime() + wait.toNanos();
    long sessionId = 0;
    int negotiatedMillis = 0;
    try {
      sessionId = client.getZookeeperClient().getZooKeeper().getSessionId();
      negotiatedMillis = client.getZookeeperClient().getZooKeeper().getSessionTimeout();
    } catch (Exception e) {
      log.debug("session {}: no ZooKeeper handle to describe: {}", name, e.toString());
    }
    boolean reachable = connected || awaitConnected(wait);
    Thread closer = BatonThreads.factory("session-close", name).newThread(client::close);
    closer.start();
    boolean closedInTime = reachable && join(closer, Math.max(0, deadline - System.nanoTime()));
    if (closedInTime) {
      return;
    }
    // ZooKeeper drops the request; the closing thread ends shortly after, unwaited.
    closer.interrupt();
    if (wait.isZero()) {
      log.debug(
          "session 0x{} closed without waiting: an earlier close found the ensemble unreachable",
          Long.toHexString(sessionId));
    } else {
      log.warn(
          "session 0x{} closed without the ensemble: no answer within {}; its ephemeral znodes go"
              + " when the ensemble expires the session (negotiated timeout {} ms)",
          Long.toHexString(sessionId),
          wait,
          negotiatedMillis);
    }
  }

  private boolean awaitConnected(Duration wait) {
    if (wait.isZero()) {
      return false;
    }
    try {
      return client.blockUntilConnected((int) wait.toMillis(), TimeUnit.MILLISECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return false;
    }
  }

  private static boolean join(Thread t, long nanos) {
    long millis = TimeUnit.NANOSECONDS.toMillis(nanos);
    if (millis <= 0) {
      return !t.isAlive();
    }
    try {
      t.join(millis);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    return !t.isAlive();
  }
}
