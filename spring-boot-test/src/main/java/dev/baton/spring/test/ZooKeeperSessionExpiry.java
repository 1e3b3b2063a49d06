// SPDX-License-Identifier: Apache-2.0
package dev.baton.spring.test;

import dev.baton.recipes.BatonSession;
import java.io.IOException;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.apache.curator.framework.CuratorFramework;
import org.apache.zookeeper.Watcher;
import org.apache.zookeeper.Watcher.Event.KeeperState;
import org.apache.zookeeper.ZooKeeper;

/**
 * Expires a ZooKeeper session on the server as a real timeout would, on the public API only: a
 * second handle joins the session with its id and password, then closes it, so the server ends it
 * and deletes its ephemeral nodes before {@code expire} returns.
 */
public final class ZooKeeperSessionExpiry {
  /** How long {@link #expire(BatonSession)} and the other short forms wait for the server. */
  public static final Duration DEFAULT_TIMEOUT = Duration.ofSeconds(10);

  private ZooKeeperSessionExpiry() {}

  /** Expires the current session of a {@link BatonSession}, waiting {@link #DEFAULT_TIMEOUT}. */
  public static void expire(BatonSession session) {
    expire(session.curator(), DEFAULT_TIMEOUT);
  }

  /** Expires the current session of a Curator client, through the client's connect string. */
  public static void expire(CuratorFramework client, Duration timeout) {
    ZooKeeper handle;
    try {
      handle = client.getZookeeperClient().getZooKeeper();
    } catch (Exception e) {
      throw new IllegalStateException("cannot read the session of the Curator client", e);
    }
    expire(
        client.getZookeeperClient().getCurrentConnectionString(),
        handle.getSessionId(),
        handle.getSessionPasswd(),
        timeout);
  }

  /**
   * Expires {@code sessionId} on {@code connectString}'s server(s), at once if already expired.
   *
   * @throws IllegalStateException if the server is unreachable, refuses credentials or times out
   */
  public static void expire(
      String connectString, long sessionId, byte[] password, Duration timeout) {
    if (sessionId == 0) {
      throw new IllegalArgumentException(
          "session id 0: the client has not connected to " + connectString + " yet");
    }
    if (timeout.isNegative() || timeout.isZero()) {
      throw new IllegalArgumentException("timeout must be positive: " + timeout);
    }
    String what = "session 0x" + Long.toHexString(sessionId) + " on " + connectString;
    CompletableFuture<KeeperState> joined = new CompletableFuture<>();
    Watcher watcher =
        event -> {
          KeeperState state = event.getState();
          if (state == KeeperState.SyncConnected
              || state == KeeperState.Expired
              || state == KeeperState.AuthFailed) {
            joined.complete(state);
          }
        };
    ZooKeeper twin;
    try {
      twin = new ZooKeeper(connectString, (int) timeout.toMillis(), watcher, sessionId, password);
    } catch (IOException e) {
      throw new IllegalStateException("cannot expire " + what, e);
    }
    try {
      KeeperState state = joined.get(timeout.toMillis(), TimeUnit.MILLISECONDS);
      if (state == KeeperState.AuthFailed) {
        throw new IllegalStateException("authentication failed joining " + what);
      }
      // Expired: nothing is left to end. SyncConnected: the close below ends the session.
    } catch (TimeoutException e) {
      throw closeAfter(
          twin, new IllegalStateException("could not join " + what + " within " + timeout, e));
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw closeAfter(twin, new IllegalStateException("interrupted while expiring " + what, e));
    } catch (ExecutionException e) {
      throw closeAfter(twin, new IllegalStateException("cannot expire " + what, e));
    } catch (IllegalStateException e) {
      throw closeAfter(twin, e);
    }
    try {
      // Sends closeSession and waits for the server's answer: the session is gone on return.
      if (!twin.close((int) timeout.toMillis())) {
        throw new IllegalStateException("closing " + what + " took longer than " + timeout);
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted while closing " + what, e);
    }
  }

  /** Closes the second handle after a failure, keeping a failure to close as suppressed. */
  private static IllegalStateException closeAfter(ZooKeeper twin, IllegalStateException failure) {
    try {
      twin.close();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      failure.addSuppressed(e);
    }
    return failure;
  }
}
