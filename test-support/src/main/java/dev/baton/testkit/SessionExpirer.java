package dev.baton.testkit;

import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.apache.curator.framework.CuratorFramework;
import org.apache.zookeeper.Watcher;
import org.apache.zookeeper.ZooKeeper;

/**
 * A real, server-side session expiry. curator-test's own injection expires the session in the client
 * only, and the server keeps the ephemeral nodes until its own timeout; here a second handle attaches to
 * the same session (same id and password) and closes it, so the server ends the session, deletes its
 * ephemeral nodes and tells the original client that its session expired.
 */
public final class SessionExpirer {
  private SessionExpirer() {}

  /** Expires the session {@code sessionId} on the server. */
  public static void expireOnServer(String connectString, long sessionId, byte[] password,
      Duration timeout) {
    CountDownLatch connected = new CountDownLatch(1);
    Watcher watcher = event -> {
      if (event.getState() == Watcher.Event.KeeperState.SyncConnected) {
        connected.countDown();
      }
    };
    ZooKeeper twin = null;
    try {
      twin = new ZooKeeper(connectString, (int) timeout.toMillis(), watcher, sessionId, password);
      if (!connected.await(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
        throw new IllegalStateException("could not attach to session 0x" + Long.toHexString(sessionId)
            + " at " + connectString + " within " + timeout);
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted while expiring a session", e);
    } catch (java.io.IOException e) {
      throw new IllegalStateException("cannot connect to " + connectString, e);
    } finally {
      if (twin != null) {
        try {
          twin.close();
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
        }
      }
    }
  }

  /** Expires the current session of {@code client} on the server. */
  public static void expireOnServer(CuratorFramework client, Duration timeout) {
    try {
      ZooKeeper zk = client.getZookeeperClient().getZooKeeper();
      expireOnServer(client.getZookeeperClient().getCurrentConnectionString(), zk.getSessionId(),
          zk.getSessionPasswd(), timeout);
    } catch (IllegalStateException e) {
      throw e;
    } catch (Exception e) {
      throw new IllegalStateException("cannot read the client's session", e);
    }
  }
}
