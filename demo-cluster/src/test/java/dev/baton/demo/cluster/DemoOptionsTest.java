// SPDX-License-Identifier: Apache-2.0
package dev.baton.demo.cluster;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.baton.demo.DemoDefaults;
import org.junit.jupiter.api.Test;

class DemoOptionsTest {
  @Test
  void defaultsAreTheDocumentedOnes() {
    DemoOptions o = DemoOptions.parse();
    assertThat(o.workers()).isEqualTo(DemoDefaults.WORKERS);
    assertThat(o.servers()).isEqualTo(3);
    assertThat(o.port()).isEqualTo(8080);
    assertThat(o.bind()).isEqualTo("127.0.0.1");
    assertThat(o.allowedHosts()).isNull();
    assertThat(o.zookeeper()).isEmpty();
    assertThat(o.jdbcUrl()).isEmpty();
    assertThat(o.sessionTimeoutMs()).isEqualTo(DemoDefaults.SESSION_TIMEOUT_MS);
  }

  @Test
  void optionsAreParsedAndCheckedWithClearErrors() {
    DemoOptions o =
        DemoOptions.parse(
            "--workers",
            "5",
            "--port",
            "0",
            "--tls",
            "--jdbc",
            "jdbc:postgresql://127.0.0.1/baton",
            "--session-timeout-ms",
            "3000");
    assertThat(o.workers()).isEqualTo(5);
    assertThat(o.tls()).isTrue();
    assertThat(o.jdbcUrl()).contains("jdbc:postgresql://127.0.0.1/baton");
    assertThatThrownBy(() -> DemoOptions.parse("--workers", "0"))
        .hasMessageContaining("--workers must be 1 to 16");
    assertThatThrownBy(() -> DemoOptions.parse("--port", "x"))
        .hasMessageContaining("Invalid value for option '--port'");
    assertThatThrownBy(() -> DemoOptions.parse("--frobnicate", "1"))
        .hasMessageContaining("Unknown options: '--frobnicate', '1'");
    assertThatThrownBy(() -> DemoOptions.parse("--workers"))
        .hasMessageContaining("Missing required parameter for option '--workers'");
    assertThat(
            DemoOptions.parse(
                    "--allowed-hosts", "localhost, demo.lan:9090", "--allowed-hosts", "[::1]")
                .allowedHosts())
        .containsExactly("localhost", " demo.lan:9090", "[::1]");
    assertThat(DemoOptions.usage()).contains("--allowed-hosts", "--session-timeout-ms");
    assertThatThrownBy(() -> DemoOptions.parse("--port", "1", "--port", "2"))
        .hasMessageContaining("should be specified only once");
    for (String bad :
        new String[] {
          "", "a,,b", "http://x", "x:0", "x:70000", "x y", "x:8080/", "[1:2:3:4:5:6:7:8:9]"
        }) {
      assertThatThrownBy(() -> DemoOptions.parse("--allowed-hosts", bad))
          .as(bad)
          .hasMessageContaining("--allowed-hosts takes name[:port]");
    }
    assertThatThrownBy(() -> DemoOptions.parse("--tls", "--zookeeper", "zk:2181"))
        .hasMessageContaining("cannot be used with --zookeeper");
  }
}
