// SPDX-License-Identifier: Apache-2.0
package dev.baton.bench.zk;

import dev.baton.testkit.FourLetterWords;
import dev.baton.testkit.ZooKeeperFixtures;
import org.apache.curator.test.TestingServer;

/**
 * One in-process ZooKeeper server for benchmarks: {@link ZooKeeperFixtures#startServer()} of
 * baton-test-support (curator-test's {@link TestingServer}, no limit on connections per client
 * address, all four-letter words allowed, a fresh data directory) plus what the benchmarks read
 * from it.
 */
public final class EmbeddedZooKeeper implements AutoCloseable {
  private final TestingServer server;
  private final String host;
  private final int port;

  private EmbeddedZooKeeper(TestingServer server) {
    this.server = server;
    String connect = server.getConnectString();
    this.host = connect.substring(0, connect.lastIndexOf(':'));
    this.port = server.getPort();
  }

  /** Starts a server that fsyncs its transaction log (ZooKeeper's default). */
  public static EmbeddedZooKeeper start() {
    return start(true);
  }

  /**
   * Starts a server.
   *
   * @param forceSync false sets {@code zookeeper.forceSync=no} for this JVM (no fsync of the
   *     transaction log), to take the disk out of a measurement
   */
  public static EmbeddedZooKeeper start(boolean forceSync) {
    if (!forceSync) {
      System.setProperty("zookeeper.forceSync", "no");
    }
    return new EmbeddedZooKeeper(ZooKeeperFixtures.startServer());
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
