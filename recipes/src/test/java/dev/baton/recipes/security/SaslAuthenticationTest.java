// SPDX-License-Identifier: Apache-2.0
package dev.baton.recipes.security;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.baton.recipes.BatonSession;
import dev.baton.recipes.CoordinationException;
import dev.baton.recipes.RevocationReason;
import dev.baton.recipes.SessionConfig;
import dev.baton.recipes.election.ElectionConfig;
import dev.baton.recipes.election.LeaderElection;
import dev.baton.recipes.election.Leadership;
import dev.baton.recipes.election.LeadershipListener;
import dev.baton.testkit.Intruder;
import dev.baton.testkit.ZkProcessEnsemble;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.apache.zookeeper.KeeperException;
import org.apache.zookeeper.ZooDefs;
import org.apache.zookeeper.data.ACL;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * SASL DIGEST-MD5 through Baton's builder, against a real server process with the SASL provider: no
 * JAAS file on the client side. The election's znodes belong to the SASL identity; another SASL
 * user and an anonymous client cannot depose the leader; a wrong password fails the session's
 * start.
 */
class SaslAuthenticationTest {
  private static ZkProcessEnsemble ensemble;

  @BeforeAll
  static void startServer() {
    ensemble =
        ZkProcessEnsemble.builder()
            .size(1)
            .saslDigestUsers(Map.of("billing", "billing-secret", "mallory", "mallory-secret"))
            .start();
  }

  @AfterAll
  static void stopServer() {
    if (ensemble != null) {
      ensemble.close();
    }
  }

  @Test
  void theElectionBelongsToTheSaslIdentity() throws Exception {
    try (BatonSession billing = session(Authentication.saslDigest("billing", "billing-secret"));
        BatonSession mallory = session(Authentication.saslDigest("mallory", "mallory-secret"));
        Intruder anonymous = Intruder.anonymous(ensemble.connectString())) {
      assertThat(billing.curator().getZookeeperClient().getZooKeeper().whoAmI())
          .anySatisfy(
              info ->
                  assertThat(info.getAuthScheme() + ":" + info.getUser())
                      .isEqualTo("sasl:billing"));
      LeaderElection election =
          LeaderElection.create(
              billing,
              ElectionConfig.builder("/sasl/leader").participantId("billing-1").build(),
              new Quiet());
      billing.closeWithSession(election);
      election.start();
      Leadership term = election.awaitLeadership(Duration.ofSeconds(10)).orElseThrow();

      assertThat(billing.curator().getACL().forPath(term.nodePath()))
          .containsExactly(new ACL(ZooDefs.Perms.ALL, ZkIdentity.sasl("billing").toZooKeeper()));
      assertThatThrownBy(() -> mallory.curator().delete().forPath(term.nodePath()))
          .isInstanceOf(KeeperException.NoAuthException.class);
      anonymous.refused("delete the leader's node", c -> c.delete().forPath(term.nodePath()));
      assertThat(term.isActive()).isTrue();
      assertThat(billing.curator().checkExists().forPath(term.nodePath())).isNotNull();
    }
  }

  @Test
  void aRefusedLoginFailsTheStart() {
    assertThatThrownBy(() -> session(Authentication.saslDigest("billing", "wrong-password")))
        .isInstanceOf(CoordinationException.class)
        .hasMessageContaining("refused the SASL login of sasl-digest(billing)")
        .hasMessageNotContaining("wrong-password");
  }

  @Test
  void digestAndSaslSessionsLiveSideBySideInOneJvm() throws Exception {
    try (BatonSession sasl = session(Authentication.saslDigest("billing", "billing-secret"));
        BatonSession digest = session(Authentication.digest("tools", "tools-secret"))) {
      List<String> saslIds =
          sasl.curator().getZookeeperClient().getZooKeeper().whoAmI().stream()
              .map(i -> i.getAuthScheme() + ":" + i.getUser())
              .toList();
      List<String> digestIds =
          digest.curator().getZookeeperClient().getZooKeeper().whoAmI().stream()
              .map(i -> i.getAuthScheme() + ":" + i.getUser())
              .toList();
      assertThat(saslIds).contains("sasl:billing").noneMatch(id -> id.startsWith("digest:"));
      assertThat(digestIds).contains("digest:tools").noneMatch(id -> id.startsWith("sasl:"));
    }
  }

  private static BatonSession session(Authentication authentication) {
    return BatonSession.start(
        SessionConfig.builder(ensemble.connectString())
            .sessionTimeout(Duration.ofSeconds(10))
            .connectionTimeout(Duration.ofSeconds(10))
            .authentication(authentication)
            .build());
  }

  private static final class Quiet implements LeadershipListener {
    @Override
    public void elected(Leadership leadership) {}

    @Override
    public void revoked(Leadership leadership, RevocationReason reason) {}
  }
}
