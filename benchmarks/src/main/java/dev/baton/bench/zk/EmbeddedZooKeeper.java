// SPDX-License-Identifier: Apache-2.0
package dev.baton.bench.zk;

import dev.baton.testkit.FourLetterWords;
import dev.baton.testkit.ZooKeeperFixtures;
import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.util.Optional;
import org.apache.curator.test.TestingServer;
import org.apache.curator.test.ZooKeeperServerEmbeddedAdapter;
import org.apache.zookeeper.server.persistence.FileTxnLog;
import org.apache.zookeeper.server.persistence.FileTxnSnapLog;

/**
 * One in-process ZooKeeper server for benchmarks: {@link ZooKeeperFixtures#startServer()} of
 * baton-test-support (curator-test's {@link TestingServer}, no limit on connections per client
 * address, all four-letter words allowed, a fresh data directory) plus what the benchmarks read
 * from it.
 */
public final class EmbeddedZooKeeper implements AutoCloseable {
  private static final String FORCE_SYNC = "zookeeper.forceSync";
  private static final Object START_LOCK = new Object();

  private final TestingServer server;
  private final String host;
  private final int port;

  private EmbeddedZooKeeper(TestingServer server) {
    this.server = server;
    String connect = server.getConnectString();
    this.host = connect.substring(0, connect.lastIndexOf(':'));
    this.port = server.getPort();
  }

  /**
   * Starts a server that fsyncs its transaction log or not (to take the disk out of a measurement),
   * whatever {@code -Dzookeeper.forceSync} says. ZooKeeper reads that property once, when the log
   * opens: it is set only while this server starts (starts are serialized) and restored after, so
   * no other server of this JVM sees it; the server's own setting is then read back.
   *
   * @throws IllegalStateException if the started server does not do what {@code forceSync} says
   */
  public static EmbeddedZooKeeper start(boolean forceSync) {
    EmbeddedZooKeeper started;
    synchronized (START_LOCK) {
      String previous = System.getProperty(FORCE_SYNC);
      System.setProperty(FORCE_SYNC, forceSync ? "yes" : "no");
      try {
        started = new EmbeddedZooKeeper(ZooKeeperFixtures.startServer());
      } finally {
        if (previous == null) {
          System.clearProperty(FORCE_SYNC);
        } else {
          System.setProperty(FORCE_SYNC, previous);
        }
      }
    }
    Optional<Boolean> actual = started.logForceSync();
    if (actual.isPresent() && actual.get() != forceSync) {
      try {
        started.close();
      } catch (Exception e) {
        System.err.println("[zk] closing the misconfigured server failed: " + e);
      }
      throw new IllegalStateException(
          "the embedded ZooKeeper server was started with fsync %s but its transaction log has forceSync=%s"
              .formatted(forceSync, actual.get()));
    }
    return started;
  }

  /**
   * Whether this server's transaction log fsyncs ({@code FileTxnLog.isForceSync()}), read from the
   * running server through non-public members of curator-test and ZooKeeper; empty if this version
   * of either does not have them.
   */
  public Optional<Boolean> logForceSync() {
    try {
      Method testingServer = TestingServer.class.getDeclaredMethod("getTestingZooKeeperServer");
      testingServer.setAccessible(true);
      Object zkServer = testingServer.invoke(server);
      Method getMain = zkServer.getClass().getDeclaredMethod("getMain");
      getMain.setAccessible(true);
      Object main = getMain.invoke(zkServer);
      if (!(main instanceof ZooKeeperServerEmbeddedAdapter adapter)) {
        return Optional.empty();
      }
      FileTxnSnapLog logs = adapter.getServerCnxnFactory().getZooKeeperServer().getTxnLogFactory();
      Field txnLog = FileTxnSnapLog.class.getDeclaredField("txnLog");
      txnLog.setAccessible(true);
      return txnLog.get(logs) instanceof FileTxnLog log
          ? Optional.of(log.isForceSync())
          : Optional.empty();
    } catch (ReflectiveOperationException | RuntimeException e) {
      return Optional.empty();
    }
  }

  public String connectString() {
    return server.getConnectString();
  }

  public String host() {
    return host;
  }

  public int port() {
    return port;
  }

  /**
   * {@code zk_packets_received} of this server, read with {@code mntr} (the read itself counts 1).
   */
  public long packetsReceived() {
    return FourLetterWords.packetsReceived(host, port);
  }

  @Override
  public void close() throws Exception {
    server.close();
  }
}
