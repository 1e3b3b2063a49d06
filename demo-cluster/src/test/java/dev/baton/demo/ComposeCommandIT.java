// SPDX-License-Identifier: Apache-2.0
package dev.baton.demo;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.baton.demo.docker.ComposeFile;
import dev.baton.demo.web.RawHttp;
import dev.baton.testkit.FreePorts;
import dev.baton.testkit.ZkProcessEnsemble;
import java.net.Inet4Address;
import java.net.InetAddress;
import java.net.NetworkInterface;
import java.net.SocketException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * The demo service's command line of docker-compose.yml, read from the file, run with the packaged
 * jar (what the image's ENTRYPOINT runs) against an external ensemble of as many ZooKeeper server
 * processes as it names. Only what names compose's network is replaced: each ZooKeeper service's
 * address by that of the server with its id, and the dashboard's port by a free one. The dashboard
 * then listens on every interface and answers only to the allowed Host names.
 */
class ComposeCommandIT {
  @Test
  void theComposeCommandLineServesTheDashboardOnEveryInterfaceOnlyToAllowedHosts()
      throws Exception {
    JsonNode services = ComposeFile.services();
    JsonNode service = services.get("demo");
    List<String> compose = ComposeFile.words(service.get("command"));
    List<String> zkServices = List.of(value(compose, "--zookeeper").split(","));
    try (ZkProcessEnsemble zk = ZkProcessEnsemble.start(zkServices.size())) {
      int port = FreePorts.next();
      List<String> args = new ArrayList<>(compose);
      replace(args, "--zookeeper", ensembleFor(services, zkServices, zk));
      replace(args, "--port", String.valueOf(port));
      assertThat(differences(compose, args))
          .as("only the ensemble and the port replaced")
          .isEqualTo(2);
      assertThat(args).containsSequence("--bind", "0.0.0.0");
      assertThat(ComposeFile.words(service.get("ports")))
          .as("the port compose publishes is the one --port binds")
          .allMatch(p -> p.endsWith(":" + value(compose, "--port")));

      try (DemoProcess demo = DemoProcess.start(args.toArray(String[]::new))) {
        assertThat(demo.dashboard().getPort()).isEqualTo(port);
        JsonNode state =
            demo.awaitState(Duration.ofSeconds(60), s -> s.path("workers").size() == 3);
        assertThat(List.of(state.path("zookeeper").path("connectString").asText().split(",")))
            .containsExactlyInAnyOrderElementsOf(List.of(zk.connectString().split(",")));

        // What a browser on the host sends to the published port: answered.
        assertThat(RawHttp.get(port, "/api/state", "localhost:" + port).status()).isEqualTo(200);
        assertThat(RawHttp.get(port, "/", "127.0.0.1:" + port).status()).isEqualTo(200);
        assertThat(RawHttp.get(port, "/api/state", "localhost:18080").status())
            .as("compose allows localhost on whatever port the host publishes")
            .isEqualTo(200);

        // A page that rebound its name to this address: refused, faults included.
        RawHttp.Answer rebound = RawHttp.postFault(port, "kill-leader", "evil.example:" + port);
        assertThat(rebound.status()).as(rebound.body()).isEqualTo(403);
        assertThat(rebound.body()).contains("--allowed-hosts");
        assertThat(RawHttp.get(port, "/api/state", "evil.example:" + port).status()).isEqualTo(403);
        assertThat(demo.state().path("workers").size()).as("no worker was killed").isEqualTo(3);

        // Bound to 0.0.0.0: another interface answers too, with the same allow-list.
        Optional<InetAddress> other = nonLoopbackAddress();
        if (other.isPresent()) {
          InetAddress address = other.get();
          assertThat(
                  RawHttp.send(address, port, "GET", "/api/state", "localhost:" + port, Map.of())
                      .status())
              .as("GET through " + address)
              .isEqualTo(200);
          assertThat(
                  RawHttp.send(address, port, "GET", "/api/state", "evil.example", Map.of())
                      .status())
              .isEqualTo(403);
        }
      }
    }
  }

  /** Replaces the value after {@code option}, which compose's command has exactly once. */
  private static void replace(List<String> args, String option, String value) {
    int i = args.indexOf(option);
    assertThat(i).as(option + " in " + args).isNotNegative().isLessThan(args.size() - 1);
    assertThat(args.lastIndexOf(option)).as(option + " once").isEqualTo(i);
    args.set(i + 1, value);
  }

  /**
   * The compose ensemble's {@code service:port} addresses, each replaced by the address of the
   * server with the same id ({@code ZOO_MY_ID}) in {@code zk}.
   */
  private static String ensembleFor(
      JsonNode services, List<String> addresses, ZkProcessEnsemble zk) {
    List<String> out = new ArrayList<>();
    for (String address : addresses) {
      String name = address.substring(0, address.lastIndexOf(':'));
      JsonNode server = services.path(name);
      assertThat(server.path("image").asText()).as(name).startsWith("zookeeper:");
      int id = Integer.parseInt(server.path("environment").path("ZOO_MY_ID").asText());
      out.add(zk.serverConnectString(id - 1));
    }
    return String.join(",", out);
  }

  private static String value(List<String> args, String option) {
    return args.get(args.indexOf(option) + 1);
  }

  private static int differences(List<String> a, List<String> b) {
    assertThat(b).hasSameSizeAs(a);
    int n = 0;
    for (int i = 0; i < a.size(); i++) {
      n += a.get(i).equals(b.get(i)) ? 0 : 1;
    }
    return n;
  }

  /**
   * An IPv4 address of an interface that is up and not the loopback one, if this machine has one.
   */
  private static Optional<InetAddress> nonLoopbackAddress() throws SocketException {
    for (NetworkInterface nic : Collections.list(NetworkInterface.getNetworkInterfaces())) {
      if (nic.isUp() && !nic.isLoopback()) {
        for (InetAddress address : Collections.list(nic.getInetAddresses())) {
          if (address instanceof Inet4Address) {
            return Optional.of(address);
          }
        }
      }
    }
    return Optional.empty();
  }
}
