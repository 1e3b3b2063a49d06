package dev.baton.testkit;

import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.framework.CuratorFrameworkFactory;
import org.apache.curator.retry.RetryOneTime;
import org.apache.curator.test.InstanceSpec;
import org.apache.curator.test.TestingCluster;
import org.apache.curator.test.TestingServer;

/**
 * Real ZooKeeper servers for tests, in process: a single server or an ensemble, with the per-address
 * connection limit lifted (tests open many clients from 127.0.0.1) and the four-letter words enabled.
 */
public final class ZooKeeperFixtures {
  /** Server properties every fixture sets. */
  public static final Map<String, Object> PROPERTIES =
      Map.of("maxClientCnxns", "0", "4lw.commands.whitelist", "*");

  static {
    System.setProperty("zookeeper.4lw.commands.whitelist", "*");
  }

  private ZooKeeperFixtures() {}

  /** A started server on a free loopback port with a fresh data directory. */
  public static TestingServer startServer() {
    try {
      return startServer(Files.createTempDirectory("baton-zk").toFile());
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** A started server keeping its data in {@code dataDir}, so that it can be restarted on it. */
  public static TestingServer startServer(File dataDir) {
    InstanceSpec spec = spec(dataDir, -1);
    try {
      return new TestingServer(spec, true);
    } catch (Exception e) {
      throw new IllegalStateException("cannot start a ZooKeeper server in " + dataDir, e);
    }
  }

  /** A started ensemble of {@code servers} servers; returns once a quorum serves clients. */
  public static TestingCluster startCluster(int servers) {
    List<InstanceSpec> specs = new ArrayList<>();
    for (int i = 1; i <= servers; i++) {
      try {
        specs.add(spec(Files.createTempDirectory("baton-zk" + i).toFile(), i));
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    }
    TestingCluster cluster = new TestingCluster(specs);
    try {
      cluster.start();
      try (CuratorFramework probe = newClient(cluster.getConnectString(), Duration.ofSeconds(10))) {
        if (!probe.blockUntilConnected(30, TimeUnit.SECONDS)) {
          throw new IllegalStateException("the ensemble did not serve within 30 s");
        }
        probe.checkExists().forPath("/");
      }
      return cluster;
    } catch (Exception e) {
      closeQuietly(cluster);
      throw new IllegalStateException("cannot start a ZooKeeper ensemble of " + servers, e);
    }
  }

  /** A started Curator client with that session timeout and short retries; the caller closes it. */
  public static CuratorFramework newClient(String connectString, Duration sessionTimeout) {
    int connection = (int) Math.min(sessionTimeout.toMillis(), 5000);
    CuratorFramework client = CuratorFrameworkFactory.builder()
        .connectString(connectString)
        .sessionTimeoutMs((int) sessionTimeout.toMillis())
        .connectionTimeoutMs(connection)
        .retryPolicy(new RetryOneTime(100))
        .build();
    client.start();
    return client;
  }

  private static InstanceSpec spec(File dataDir, int serverId) {
    return new InstanceSpec(dataDir, -1, -1, -1, true, serverId, -1, 100,
        Map.copyOf(PROPERTIES));
  }

  private static void closeQuietly(AutoCloseable c) {
    try {
      c.close();
    } catch (Exception suppressed) {
      // best effort after a failed start; the start failure is what is reported
      suppressed.printStackTrace();
    }
  }
}
