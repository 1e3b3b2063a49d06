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
 * A real, server-side session expiry. curator-test's own injection only expires the session in the
 * client, and the server keeps the session and its ephemeral nodes until its own timeout; here a
 * second handle attaches to the same session (same id and password) and closes it. The server ends
 * the session and deletes its ephemeral nodes before the call returns; the original client, whose
 * connection the server dropped when the second handle attached, reconnects and is told its session
 * expired (Curator: {@code LOST}).
 */
public final class SessionExpirer {
  private SessionExpirer() {}

  /**
   * Expires the session {@code sessionId} on the server. Returns quietly if the server says the
   * session has already expired.
   *
   * @throws IllegalStateException if the server cannot be reached, or does not take the session,
   *     within {@code timeout}
   * @throws IllegalArgumentException for session id 0 (a client that never connected)
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

  /**
   * Expires the current session of {@code client} on the server, attaching through the client's own
   * connect string.
   *
   * @throws IllegalStateException as {@link #expireOnServer(String, long, byte[], Duration)}, or if
   *     the client has no ZooKeeper handle
   */
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
