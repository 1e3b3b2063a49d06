// SPDX-License-Identifier: Apache-2.0
package dev.baton.demo.cluster;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.baton.testkit.FourLetterWords;
import dev.baton.testkit.TestCertificates;
import dev.baton.testkit.ZkProcessEnsemble;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/** The demo's own server processes ({@link ZkProcessEnsemble}, TLS or not), or an existing one. */
final class DemoEnsemble implements AutoCloseable {
  private final ZkProcessEnsemble managed;
  private final TestCertificates certificates;
  private final List<String> addresses;
  private final Map<Integer, String> modes = new ConcurrentHashMap<>();

  private DemoEnsemble(
      ZkProcessEnsemble managed, TestCertificates certificates, List<String> addresses) {
    this.managed = managed;
    this.certificates = certificates;
    this.addresses = List.copyOf(addresses);
  }

  /** Starts the demo's own ensemble of {@code servers} processes, with TLS if asked. */
  static DemoEnsemble start(int servers, boolean tls) {
    TestCertificates certs = null;
    ZkProcessEnsemble.Builder builder = ZkProcessEnsemble.builder().size(servers);
    if (tls) {
      try {
        certs = TestCertificates.create(Files.createTempDirectory("baton-demo-certs-"));
      } catch (IOException e) {
        throw new UncheckedIOException("cannot create the demo's certificates", e);
      }
      builder.tls(certs);
    }
    ZkProcessEnsemble ensemble = builder.start();
    List<String> addresses = new ArrayList<>();
    for (int i = 0; i < servers; i++) {
      addresses.add("127.0.0.1:" + (tls ? ensemble.securePort(i) : ensemble.clientPort(i)));
    }
    return new DemoEnsemble(ensemble, certs, addresses);
  }

  /** An existing ensemble; a chroot or a bad address is an {@link IllegalArgumentException}. */
  static DemoEnsemble external(String connectString) {
    if (connectString.contains("/")) {
      throw new IllegalArgumentException(
          "--zookeeper takes host:port pairs without a chroot: " + connectString);
    }
    List<String> addresses = new ArrayList<>();
    for (String a : connectString.split(",")) {
      String address = a.trim();
      if (!address.matches("[^:\\s]+:\\d{1,5}")) {
        throw new IllegalArgumentException("not a host:port pair: '" + address + "'");
      }
      addresses.add(address);
    }
    return new DemoEnsemble(null, null, addresses);
  }

  /** The servers' client addresses (the secure ports with TLS). */
  List<String> addresses() {
    return addresses;
  }

  String connectString() {
    return String.join(",", addresses);
  }

  /** A plain (non-TLS) connect string, for the session expirer's raw client. */
  String plainConnectString() {
    return managed != null ? managed.connectString() : connectString();
  }

  Optional<ZkProcessEnsemble> managed() {
    return Optional.ofNullable(managed);
  }

  /** The test certificates of a TLS ensemble. */
  Optional<TestCertificates> certificates() {
    return Optional.ofNullable(certificates);
  }

  /** Asks every server its mode (four-letter word {@code srvr}); called by the observer loop. */
  void refreshModes() {
    for (int i = 0; i < addresses.size(); i++) {
      modes.put(i, probe(i));
    }
  }

  private String probe(int i) {
    if (managed != null) {
      if (!managed.isRunning(i)) {
        return "down";
      }
      if (managed.isPaused(i)) {
        return "paused";
      }
      return managed.mode(i).orElse("down");
    }
    String[] hostPort = addresses.get(i).split(":");
    // unknown: srvr not allowed (4lw.commands.whitelist) or the server is down
    return FourLetterWords.mode(hostPort[0], Integer.parseInt(hostPort[1])).orElse("unknown");
  }

  /** The {@code zookeeper} part of the dashboard's state. */
  void writeTo(ObjectNode zookeeper) {
    zookeeper.put("connectString", connectString());
    zookeeper.put("managed", managed != null);
    zookeeper.put("tls", certificates != null);
    ArrayNode servers = zookeeper.putArray("servers");
    for (int i = 0; i < addresses.size(); i++) {
      ObjectNode s = servers.addObject();
      s.put("index", i);
      s.put("id", i + 1);
      s.put("address", addresses.get(i));
      String state = "running";
      if (managed != null) {
        state = !managed.isRunning(i) ? "killed" : managed.isPaused(i) ? "paused" : "running";
      }
      s.put("state", state);
      s.put("mode", modes.getOrDefault(i, "unknown"));
    }
  }

  @Override
  public void close() {
    if (managed != null) {
      managed.close();
    }
    if (certificates != null) {
      deleteTree(certificates.directory());
    }
  }

  private static void deleteTree(Path dir) {
    try (var paths = Files.walk(dir)) {
      paths.sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
    } catch (IOException e) {
      throw new UncheckedIOException("cannot delete " + dir, e);
    }
  }
}
