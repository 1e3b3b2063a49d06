// SPDX-License-Identifier: Apache-2.0
package dev.baton.testkit;

import java.io.IOException;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.apache.curator.framework.CuratorFramework;
import org.apache.zookeeper.Watcher.Event.KeeperState;
import org.apache.zookeeper.ZooKeeper;

/**
 * A real, server-side session expiry: a second handle attaches to the session (same id and
 * password) and closes it, so the server deletes its ephemerals before the call returns, and the
 * client hears it expired when it reconnects. curator-test's injection expires it in the client.
 */
public final class SessionExpirer {
  private SessionExpirer() {}

  /**
   * Expires the session {@code sessionId} on the server; quiet if it had already expired.
   *
   * @throws IllegalStateException if the server does not take the session within {@code timeout}
   */
  public static void expireOnServer(
      String connectString, long sessionId, byte[] password, Duration timeout) {
    if (sessionId == 0) {
      throw new IllegalArgumentException("session id 0: the client has no session yet");
    }
    String session = "session 0x" + Long.toHexString(sessionId) + " at " + connectString;
    CompletableFuture<KeeperState> attached = new CompletableFuture<>();
    ZooKeeper twin = null;
    try {
      twin =
          new ZooKeeper(
              connectString,
              (int) timeout.toMillis(),
              event -> {
                KeeperState state = event.getState();
                if (state == KeeperState.SyncConnected
                    || state == KeeperState.Expired
                    || state == KeeperState.AuthFailed) {
                  attached.complete(state);
                }
              },
              sessionId,
              password);
      KeeperState state = attached.get(timeout.toMillis(), TimeUnit.MILLISECONDS);
      if (state == KeeperState.AuthFailed) {
        throw new IllegalStateException("authentication failed attaching to " + session);
      }
    } catch (TimeoutException e) {
      throw new IllegalStateException("could not attach to " + session + " within " + timeout, e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted while expiring " + session, e);
    } catch (ExecutionException | IOException e) {
      throw new IllegalStateException("cannot expire " + session, e);
    } finally {
      closeTwin(twin);
    }
  }

  /** Expires the current session of {@code client} on the server, through its connect string. */
  public static void expireOnServer(CuratorFramework client, Duration timeout) {
    ZooKeeper zk;
    try {
      zk = client.getZookeeperClient().getZooKeeper();
    } catch (Exception e) {
      throw new IllegalStateException("cannot read the client's session", e);
    }
    expireOnServer(
        client.getZookeeperClient().getCurrentConnectionString(),
        zk.getSessionId(),
        zk.getSessionPasswd(),
        timeout);
  }

  private static void closeTwin(ZooKeeper twin) {
    if (twin == null) {
      return;
    }
    try {
      twin.close(); // sends closeSession and waits for the answer when connected
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}
