// SPDX-License-Identifier: Apache-2.0
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
 * Real ZooKeeper servers for tests, in process, on loopback with free ports, no per-address
 * connection limit and every four-letter word allowed. Ticks of {@value #TICK_TIME_MS} ms: session
 * timeouts from 1 s to 20 s. Callers close what they get.
 */
public final class ZooKeeperFixtures {
  /** The servers' {@code tickTime}. */
  public static final int TICK_TIME_MS = 1000;

  /** Properties of every fixture: no connection limit per address, every four-letter word. */
  public static final Map<String, Object> PROPERTIES =
      Map.of("maxClientCnxns", "0", "4lw.commands.whitelist", "*");

  private static final int NO_LIMIT = 0;
  private static final long QUORUM_WAIT_SECONDS = 30;

  private ZooKeeperFixtures() {}

  /** A started server on a free loopback port with a fresh data directory, deleted on close. */
  public static TestingServer startServer() {
    return start(spec(tempDir("baton-zk"), -1, -1, true));
  }

  /** A started server on a free port with its data in {@code dataDir}, which survives close. */
  public static TestingServer startServer(File dataDir) {
    return start(spec(dataDir, -1, -1, false));
  }

  /** A started server on {@code port} with {@code dataDir}'s data, to bring a closed one back. */
  public static TestingServer restartServer(File dataDir, int port) {
    return start(spec(dataDir, port, -1, false));
  }

  /** A started ensemble of {@code servers} fresh servers; returns once a quorum serves. */
  public static TestingCluster startCluster(int servers) {
    if (servers < 1) {
      throw new IllegalArgumentException("servers " + servers);
    }
    List<InstanceSpec> specs = new ArrayList<>();
    for (int i = 1; i <= servers; i++) {
      specs.add(spec(tempDir("baton-zk" + i + "-"), -1, i, true));
    }
    TestingCluster cluster = new TestingCluster(specs);
    try {
      cluster.start();
      try (CuratorFramework probe = newClient(cluster.getConnectString(), Duration.ofSeconds(10))) {
        if (!probe.blockUntilConnected((int) QUORUM_WAIT_SECONDS, TimeUnit.SECONDS)) {
          throw new IllegalStateException("no quorum served within " + QUORUM_WAIT_SECONDS + " s");
        }
        probe.checkExists().forPath("/"); // a read through the quorum's leader-elected server
      }
      return cluster;
    } catch (Exception e) {
      ProxyLink.closeQuietly(cluster);
      throw new IllegalStateException("cannot start a ZooKeeper ensemble of " + servers, e);
    }
  }

  /** A started Curator client with that session timeout and one retry after 100 ms. */
  public static CuratorFramework newClient(String connectString, Duration sessionTimeout) {
    int connectionTimeout = (int) Math.min(sessionTimeout.toMillis(), 5000);
    CuratorFramework client =
        CuratorFrameworkFactory.builder()
            .connectString(connectString)
            .sessionTimeoutMs((int) sessionTimeout.toMillis())
            .connectionTimeoutMs(connectionTimeout)
            .retryPolicy(new RetryOneTime(100))
            .build();
    client.start();
    return client;
  }

  private static TestingServer start(InstanceSpec spec) {
    try {
      return new TestingServer(spec, true);
    } catch (Exception e) {
      throw new IllegalStateException("cannot start a ZooKeeper server: " + spec, e);
    }
  }

  private static InstanceSpec spec(File dataDir, int port, int serverId, boolean deleteOnClose) {
    // Ports from FreePorts: curator-test's random ports can repeat (an ensemble then failed).
    return new InstanceSpec(
        dataDir,
        port < 0 ? FreePorts.next() : port,
        FreePorts.next(),
        FreePorts.next(),
        deleteOnClose,
        serverId,
        TICK_TIME_MS,
        NO_LIMIT,
        PROPERTIES,
        "127.0.0.1");
  }

  private static File tempDir(String prefix) {
    try {
      return Files.createTempDirectory(prefix).toFile();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
