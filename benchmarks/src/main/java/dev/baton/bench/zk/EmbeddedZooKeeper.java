package dev.baton.bench.zk;

import java.util.Map;
import org.apache.curator.test.InstanceSpec;
import org.apache.curator.test.TestingServer;

/**
 * One in-process ZooKeeper server (curator-test's {@link TestingServer}) for benchmarks: no limit on
 * connections per client address ({@code maxClientCnxns=0}, since every candidate has its own session
 * from 127.0.0.1) and all four-letter words allowed, so that {@link FourLetterWords#mntr} works.
 *
 * <p>A private stand-in for {@code dev.baton.testkit.ZooKeeperFixtures.startServer()} of
 * baton-test-support, to be replaced by it once that module provides it. The data directory is a fresh
 * temporary directory, deleted on close; the server fsyncs its transaction log as configured by default.
 */
public final class EmbeddedZooKeeper implements AutoCloseable {
  /** ZooKeeper's default tick. */
  public static final int DEFAULT_TICK_TIME_MS = 2000;

  private final TestingServer server;
  private final InstanceSpec spec;

  private EmbeddedZooKeeper(TestingServer server, InstanceSpec spec) {
    this.server = server;
    this.spec = spec;
  }

  /** Starts a server on a free port of 127.0.0.1 with the default tick, fsyncing its log. */
  public static EmbeddedZooKeeper start() throws Exception {
    return start(DEFAULT_TICK_TIME_MS, true);
  }

  /**
   * Starts a server on a free port of 127.0.0.1.
   *
   * @param tickTimeMs the server's tick; sessions may last 2 to 20 ticks
   * @param forceSync false sets {@code zookeeper.forceSync=no} for this JVM (no fsync of the
   *     transaction log), to take the disk out of a measurement
   */
  public static EmbeddedZooKeeper start(int tickTimeMs, boolean forceSync) throws Exception {
    if (!forceSync) {
      System.setProperty("zookeeper.forceSync", "no");
    }
    // The whitelist is read from this system property (the config key is copied into it too, but the
    // property also covers a server started before the config is parsed).
    System.setProperty("zookeeper.4lw.commands.whitelist", "*");
    Map<String, Object> custom = Map.of("4lw.commands.whitelist", "*");
    InstanceSpec spec = new InstanceSpec(null, -1, -1, -1, true, -1, tickTimeMs, 0, custom, "127.0.0.1");
    TestingServer server = new TestingServer(spec, true);
    return new EmbeddedZooKeeper(server, spec);
  }

  public String connectString() {
    return server.getConnectString();
  }

  public String host() {
    return spec.getHostname();
  }

  public int tickTimeMs() {
    return spec.getTickTime();
  }

  public int port() {
    return server.getPort();
  }

  /** {@code zk_packets_received} of this server, read with {@code mntr}. */
  public long packetsReceived() {
    return FourLetterWords.packetsReceived(host(), port());
  }

  @Override
  public void close() throws Exception {
    server.close();
  }
}
