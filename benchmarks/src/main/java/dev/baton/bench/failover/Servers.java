// SPDX-License-Identifier: Apache-2.0
package dev.baton.bench.failover;

import dev.baton.bench.BenchmarkFailure;
import dev.baton.bench.zk.EmbeddedZooKeeper;
import dev.baton.testkit.FourLetterWords;
import dev.baton.testkit.ZkProcessEnsemble;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The ZooKeeper servers of a failover scenario: one in-process server ({@link EmbeddedZooKeeper},
 * transaction log fsynced) or an ensemble of server processes ({@link ZkProcessEnsemble}), with
 * what the scenarios read from them by four-letter words.
 */
record Servers(
    String connectString, List<Address> addresses, String description, AutoCloseable owner)
    implements AutoCloseable {
  /** One server's client address. */
  record Address(String host, int port) {}

  /** The settings of {@code conf} that bound a session: ticks and granted timeouts. */
  record Timing(int tickMs, int minSessionTimeoutMs, int maxSessionTimeoutMs) {}

  Servers {
    addresses = List.copyOf(addresses);
  }

  /** One in-process server of this JVM. */
  static Servers embedded() {
    EmbeddedZooKeeper zk = EmbeddedZooKeeper.start();
    return new Servers(
        zk.connectString(),
        List.of(new Address(zk.host(), zk.port())),
        "one in-process server (" + zk.connectString() + ")",
        zk);
  }

  /** An ensemble of {@code size} server processes; returns once it has a quorum. */
  static Servers processes(int size) {
    ZkProcessEnsemble ensemble = ZkProcessEnsemble.start(size);
    List<Address> addresses = new ArrayList<>();
    for (int i = 0; i < size; i++) {
      addresses.add(new Address("127.0.0.1", ensemble.clientPort(i)));
    }
    return new Servers(
        ensemble.connectString(),
        addresses,
        size + " server processes (" + ensemble.connectString() + ")",
        ensemble);
  }

  /**
   * The first server's {@code tickTime}, {@code minSessionTimeout} and {@code maxSessionTimeout}
   * ({@code conf}); every server of the scenarios has the same configuration.
   *
   * @throws BenchmarkFailure if the answer lacks one of them
   */
  Timing timing() {
    Address a = addresses.get(0);
    Map<String, String> conf = parseConf(FourLetterWords.send(a.host(), a.port(), "conf"));
    try {
      return new Timing(
          Integer.parseInt(conf.get("tickTime")),
          Integer.parseInt(conf.get("minSessionTimeout")),
          Integer.parseInt(conf.get("maxSessionTimeout")));
    } catch (RuntimeException e) {
      throw new BenchmarkFailure(
          "cannot read tickTime and the session timeout bounds from conf: " + conf);
    }
  }

  /** {@code key=value} lines of a {@code conf} answer. */
  static Map<String, String> parseConf(String answer) {
    Map<String, String> out = new TreeMap<>();
    for (String line : answer.split("\n")) {
      int eq = line.indexOf('=');
      if (eq > 0) {
        out.put(line.substring(0, eq).trim(), line.substring(eq + 1).trim());
      }
    }
    return out;
  }

  @Override
  public void close() {
    try {
      owner.close();
    } catch (Exception e) {
      throw new IllegalStateException("cannot stop " + description, e);
    }
  }
}
