// SPDX-License-Identifier: Apache-2.0
package dev.baton.demo.status;

import static org.assertj.core.api.Assertions.assertThat;

import dev.baton.recipes.BatonSession;
import dev.baton.recipes.SessionConfig;
import dev.baton.recipes.election.LeaderElection;
import dev.baton.recipes.election.Leadership;
import dev.baton.recipes.security.TlsConfig;
import dev.baton.testkit.Closer;
import dev.baton.testkit.TestCertificates;
import dev.baton.testkit.ZkProcessEnsemble;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The status tool over TLS to a real server process's secure client port, with certificates made by
 * the test: with the trust store and the client's key store it reads the leader; without TLS it
 * cannot connect.
 */
class StatusTlsTest {
  /**
   * How long the TLS connections may take. The first one is this JVM's first TLS handshake and the
   * server process's first: both load and set up JSSE (key stores, ciphers) and the client its
   * Netty socket, all in cold code; on a loaded two-core machine that took longer than the default
   * 5 s. A wrong store or a plain client still fails, only later (the plain client below keeps its
   * short timeout and must fail).
   */
  private static final Duration LOADED = Duration.ofSeconds(20);

  private static TestCertificates certs;
  private static ZkProcessEnsemble ensemble;

  @RegisterExtension final Closer closer = new Closer();

  @BeforeAll
  static void startSecureServer() throws Exception {
    certs = TestCertificates.create(Files.createTempDirectory("baton-status-tls-"));
    ensemble = ZkProcessEnsemble.builder().size(1).tls(certs).start();
  }

  @AfterAll
  static void stopSecureServer() {
    if (ensemble != null) {
      ensemble.close();
    }
  }

  @Test
  void readsTheLeaderOverTlsWithTheStoresGiven() throws Exception {
    String election = "/tls/scheduler";
    BatonSession session =
        closer.add(
            BatonSession.start(
                SessionConfig.builder(ensemble.secureConnectString())
                    .sessionTimeout(LOADED)
                    .connectionTimeout(LOADED)
                    .tls(
                        TlsConfig.builder()
                            .trustStore(certs.trustStore(), certs.password())
                            .keyStore(certs.clientKeyStore(), certs.password())
                            .build())
                    .build()));
    LeaderElection candidate = StatusFixtures.candidate(session, election, "tls-worker");
    Leadership term = candidate.awaitLeadership(Duration.ofSeconds(10)).orElseThrow();

    StatusRun run =
        StatusRun.of(
            "--zookeeper",
            ensemble.secureConnectString(),
            "--election",
            election,
            "--group",
            "/tls/stream",
            "--tls-trust",
            path(certs.trustStore()),
            "--tls-key",
            path(certs.clientKeyStore()),
            "--tls-password",
            certs.password(),
            "--timeout-ms",
            String.valueOf(LOADED.toMillis()));
    assertThat(run.exit()).as(run.toString()).isEqualTo(StatusMain.OK);
    assertThat(run.json().get("election").get("leader").get("participant").asText())
        .isEqualTo("tls-worker");
    assertThat(run.json().get("election").get("leader").get("token").asText())
        .isEqualTo(term.token().toString());

    StatusRun plain =
        StatusRun.of(
            "--zookeeper",
            ensemble.secureConnectString(),
            "--election",
            election,
            "--timeout-ms",
            "1000");
    assertThat(plain.exit()).as(plain.toString()).isEqualTo(StatusMain.UNAVAILABLE);
    assertThat(plain.err()).contains(ensemble.secureConnectString());
  }

  private static String path(Path file) {
    return file.toAbsolutePath().toString();
  }
}
