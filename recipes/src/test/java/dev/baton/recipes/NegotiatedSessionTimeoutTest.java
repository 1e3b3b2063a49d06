// SPDX-License-Identifier: Apache-2.0
package dev.baton.recipes;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.baton.testkit.FreePorts;
import java.io.File;
import java.nio.file.Files;
import java.time.Duration;
import java.util.Map;
import org.apache.curator.test.InstanceSpec;
import org.apache.curator.test.TestingServer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The server clamps a requested session timeout to its own bounds, and the session reports what was
 * granted: a real server with a 500 ms tick, a minimum of 2 s and a maximum of 4 s.
 */
class NegotiatedSessionTimeoutTest {
  private static TestingServer server;

  @BeforeAll
  static void startServerWithNarrowBounds() throws Exception {
    File dataDir = Files.createTempDirectory("baton-zk-bounds").toFile();
    InstanceSpec spec =
        new InstanceSpec(
            dataDir,
            FreePorts.next(),
            FreePorts.next(),
            FreePorts.next(),
            true,
            -1,
            500,
            0,
            Map.of("minSessionTimeout", "2000", "maxSessionTimeout", "4000"),
            "127.0.0.1");
    server = new TestingServer(spec, true);
  }

  @AfterAll
  static void stopServer() throws Exception {
    server.close();
  }

  @Test
  void aRequestAboveTheServersMaximumIsGrantedTheMaximum() {
    try (BatonSession session = start(Duration.ofSeconds(100))) {
      assertThat(session.negotiatedSessionTimeout()).isEqualTo(Duration.ofSeconds(4));
    }
  }

  @Test
  void aRequestBelowTheServersMinimumIsGrantedTheMinimum() {
    try (BatonSession session = start(Duration.ofMillis(500))) {
      assertThat(session.negotiatedSessionTimeout()).isEqualTo(Duration.ofSeconds(2));
    }
  }

  @Test
  void aRequestWithinTheBoundsIsGrantedAsAsked() {
    try (BatonSession session = start(Duration.ofMillis(3000))) {
      assertThat(session.negotiatedSessionTimeout()).isEqualTo(Duration.ofMillis(3000));
    }
  }

  @Test
  void aClosedSessionHasNoNegotiatedTimeout() {
    BatonSession session = start(Duration.ofSeconds(3));
    session.close();
    assertThatThrownBy(session::negotiatedSessionTimeout)
        .isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("closed");
  }

  private static BatonSession start(Duration requested) {
    return BatonSession.start(
        SessionConfig.builder(server.getConnectString()).sessionTimeout(requested).build());
  }
}
