// SPDX-License-Identifier: Apache-2.0
package dev.baton.demo.web;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.UnknownHostException;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The Host allow-list holds on every bind, not only on a loopback one: bound to 0.0.0.0 (as
 * docker-compose.yml runs the demo), a page that reaches the dashboard by DNS rebinding names its
 * own host, and is refused even though its Origin matches that Host.
 */
class DashboardHostAllowListTest {
  private final FakeBackend backend = new FakeBackend();

  @Test
  void boundToEveryInterfaceARebindingPageCannotInjectFaults() throws Exception {
    try (Dashboard dashboard = Dashboard.start(anyAddress(), backend)) {
      int port = dashboard.uri().getPort();

      RawHttp.Answer rebound = RawHttp.postFault(port, "kill-zk", "evil.example:" + port);
      assertThat(rebound.status()).as(rebound.body()).isEqualTo(403);
      assertThat(rebound.body()).contains("evil.example:" + port, "--allowed-hosts");
      assertThat(RawHttp.get(port, "/api/state", "evil.example:" + port).status()).isEqualTo(403);
      assertThat(backend.injections).isEmpty();

      RawHttp.Answer own = RawHttp.postFault(port, "kill-leader", "localhost:" + port);
      assertThat(own.status()).as(own.body()).isEqualTo(200);
      assertThat(RawHttp.get(port, "/api/state", "127.0.0.1:" + port).status()).isEqualTo(200);
      assertThat(RawHttp.get(port, "/", "[::1]:" + port).status()).isEqualTo(200);
      assertThat(backend.injections)
          .extracting(FakeBackend.Injection::kind)
          .containsExactly("kill-leader");
    }
  }

  @Test
  void theNamesAUserReachesItByCanBeAdded() throws Exception {
    try (Dashboard dashboard =
        Dashboard.start(
            anyAddress(), List.of("demo.lan", "Box.Example:9090", "[fd00::1]"), backend)) {
      int port = dashboard.uri().getPort();
      assertThat(RawHttp.get(port, "/api/state", "demo.lan:" + port).status()).isEqualTo(200);
      assertThat(RawHttp.get(port, "/api/state", "DEMO.lan:9999").status())
          .as("a name without a port is allowed on any port (a port published under another one)")
          .isEqualTo(200);
      assertThat(RawHttp.get(port, "/api/state", "demo.lan").status()).isEqualTo(200);
      assertThat(RawHttp.get(port, "/api/state", "box.example:9090").status()).isEqualTo(200);
      assertThat(RawHttp.get(port, "/api/state", "box.example:" + port).status()).isEqualTo(403);
      assertThat(RawHttp.get(port, "/api/state", "[fd00::1]:1234").status()).isEqualTo(200);
      assertThat(RawHttp.get(port, "/api/state", "[FD00:0:0:0:0:0:0:1]:1234").status())
          .as("the same IPv6 address spelled out")
          .isEqualTo(200);
      assertThat(RawHttp.get(port, "/api/state", "[0:0:0:0:0:0:0:1]:" + port).status())
          .isEqualTo(200);
      assertThat(RawHttp.get(port, "/api/state", "localhost:" + port).status()).isEqualTo(200);
      assertThat(RawHttp.get(port, "/api/state", "localhost:" + (port + 1)).status())
          .isEqualTo(403);
      assertThat(RawHttp.get(port, "/api/state", "evil.demo.lan:" + port).status()).isEqualTo(403);
      RawHttp.Answer added = RawHttp.postFault(port, "kill-leader", "demo.lan:" + port);
      assertThat(added.status()).as(added.body()).isEqualTo(200);
      RawHttp.Answer refused = RawHttp.postFault(port, "kill-zk", "evil.example:" + port);
      assertThat(refused.status()).isEqualTo(403);
      assertThat(refused.body()).contains("demo.lan:*", "box.example:9090");
      assertThat(backend.injections)
          .extracting(FakeBackend.Injection::kind)
          .containsExactly("kill-leader");
    }
  }

  @Test
  void aRequestWithoutHostOrWithAMalformedOneIsRefused() throws Exception {
    try (Dashboard dashboard = Dashboard.start(anyAddress(), backend)) {
      int port = dashboard.uri().getPort();
      for (String host :
          List.of("", "localhost:0", "localhost:99999", "localhost:" + port + "/x")) {
        assertThat(RawHttp.get(port, "/api/state", host).status()).as(host).isIn(400, 403);
      }
    }
  }

  @Test
  void aMalformedEntryIsRefusedBeforeBinding() {
    assertThatThrownBy(
            () -> Dashboard.start(anyAddress(), List.of("http://localhost:8080"), backend))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("--allowed-hosts")
        .hasMessageContaining("http://localhost:8080");
  }

  private static InetSocketAddress anyAddress() throws UnknownHostException {
    return new InetSocketAddress(InetAddress.getByName("0.0.0.0"), 0);
  }
}
