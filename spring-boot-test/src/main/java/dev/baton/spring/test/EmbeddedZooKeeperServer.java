// SPDX-License-Identifier: Apache-2.0
package dev.baton.spring.test;

import dev.baton.recipes.BatonSession;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;
import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.test.InstanceSpec;
import org.apache.curator.test.TestingServer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A real ZooKeeper server in this JVM for tests: standalone on a free 127.0.0.1 port, a fresh data
 * directory deleted on {@link #close()}, ticking every {@value #TICK_TIME_MS} ms (session timeouts
 * 2 s to {@value #MAX_SESSION_TIMEOUT_MS} ms), all four-letter words allowed.
 */
public final class EmbeddedZooKeeperServer implements AutoCloseable {
  /** The server's {@code tickTime}, in milliseconds. */
  public static final int TICK_TIME_MS = 1000;

  /** The longest session timeout the server grants, in milliseconds. */
  public static final int MAX_SESSION_TIMEOUT_MS = 60_000;

  private static final Logger LOG = LoggerFactory.getLogger(EmbeddedZooKeeperServer.class);
  private static final int NO_CONNECTION_LIMIT = 0;
  private static final int RANDOM_PORT = -1;
  private static final int STANDALONE = -1;

  private final TestingServer server;
  private final String connectString;
  private final AtomicBoolean closed = new AtomicBoolean();

  private EmbeddedZooKeeperServer(TestingServer server) {
    this.server = server;
    this.connectString = "127.0.0.1:" + server.getPort();
  }

  /** Starts a server and returns once it accepts clients; the caller closes it. */
  public static EmbeddedZooKeeperServer start() {
    InstanceSpec spec =
        new InstanceSpec(
            null, // a fresh temporary directory
            RANDOM_PORT,
            RANDOM_PORT,
            RANDOM_PORT,
            true, // delete the directory on close
            STANDALONE,
            TICK_TIME_MS,
            NO_CONNECTION_LIMIT,
            Map.of("maxSessionTimeout", String.valueOf(MAX_SESSION_TIMEOUT_MS)),
            "127.0.0.1");
    TestingServer server;
    try {
      server = new TestingServer(spec, true);
    } catch (Exception e) {
      throw new IllegalStateException("cannot start an embedded ZooKeeper server: " + spec, e);
    }
    EmbeddedZooKeeperServer started = new EmbeddedZooKeeperServer(server);
    LOG.info("Embedded ZooKeeper server started at {}", started.connectString);
    return started;
  }

  /** The connect string of this server, {@code 127.0.0.1:<port>}. */
  public String connectString() {
    return connectString;
  }

  /** The server's client port on 127.0.0.1. */
  public int port() {
    return server.getPort();
  }

  /** Whether the server runs: true from {@link #start()} until {@link #close()}. */
  public boolean isRunning() {
    return !closed.get();
  }

  /** Expires {@code session}'s current session on this server ({@link ZooKeeperSessionExpiry}). */
  public void expireSession(BatonSession session) {
    expireSession(session.curator());
  }

  /** Expires the current session of a Curator client of this server. */
  public void expireSession(CuratorFramework client) {
    ZooKeeperSessionExpiry.expire(client, ZooKeeperSessionExpiry.DEFAULT_TIMEOUT);
  }

  /** Expires session {@code sessionId} on this server. */
  public void expireSession(long sessionId, byte[] password) {
    ZooKeeperSessionExpiry.expire(
        connectString, sessionId, password, ZooKeeperSessionExpiry.DEFAULT_TIMEOUT);
  }

  /** Stops the server and deletes its data directory; idempotent. */
  @Override
  public void close() {
    if (!closed.compareAndSet(false, true)) {
      return;
    }
    try {
      server.close();
    } catch (IOException e) {
      throw new UncheckedIOException("cannot stop the embedded ZooKeeper at " + connectString, e);
    }
    LOG.info("Embedded ZooKeeper server at {} stopped", connectString);
  }

  @Override
  public String toString() {
    return "EmbeddedZooKeeperServer[" + connectString + (closed.get() ? ", closed]" : "]");
  }
}
