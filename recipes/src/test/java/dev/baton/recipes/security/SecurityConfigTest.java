// SPDX-License-Identifier: Apache-2.0
package dev.baton.recipes.security;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.baton.recipes.SessionConfig;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.apache.zookeeper.ZooDefs;
import org.apache.zookeeper.data.ACL;
import org.apache.zookeeper.server.auth.DigestAuthenticationProvider;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Validation and defaults of the security settings, without a server. */
class SecurityConfigTest {
  @TempDir Path dir;

  @Test
  void anAuthenticatedSessionDefaultsToCreatorOnlyAndAnAnonymousOneToOpen() {
    SessionConfig anonymous = SessionConfig.builder("127.0.0.1:2181").build();
    assertThat(anonymous.aclPolicy()).isEqualTo(AclPolicy.open());
    SessionConfig authenticated =
        SessionConfig.builder("127.0.0.1:2181")
            .authentication(Authentication.digest("svc", "pw"))
            .build();
    assertThat(authenticated.aclPolicy()).isEqualTo(AclPolicy.creatorOnly());
    assertThat(authenticated.aclPolicy().aclFor("/any"))
        .containsExactly(new ACL(ZooDefs.Perms.ALL, ZooDefs.Ids.AUTH_IDS));
  }

  @Test
  void creatorOnlyWithoutAuthenticationIsRefusedAtBuild() {
    assertThatThrownBy(
            () ->
                SessionConfig.builder("127.0.0.1:2181").aclPolicy(AclPolicy.creatorOnly()).build())
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("does not authenticate");
  }

  @Test
  void atMostOneSaslMechanism() {
    assertThatThrownBy(
            () ->
                SessionConfig.builder("127.0.0.1:2181")
                    .authentication(Authentication.saslDigest("a", "pw"))
                    .authentication(Authentication.saslLoginContext("Client"))
                    .build())
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("one SASL");
  }

  @Test
  void credentialsAreCheckedAndNeverPrinted() {
    assertThatThrownBy(() -> Authentication.digest("a:b", "pw"))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> Authentication.digest("", "pw"))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> Authentication.saslDigest("svc", ""))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> Authentication.saslLoginContext(" "))
        .isInstanceOf(IllegalArgumentException.class);
    SessionConfig config =
        SessionConfig.builder("127.0.0.1:2181")
            .authentication(Authentication.digest("svc", "s3cret-value"))
            .build();
    assertThat(config.toString()).contains("digest(svc)").doesNotContain("s3cret-value");
    // A digest id holds an unsalted hash of the password: policies show only its user.
    String hash = ZkIdentity.digest("observer", "pw").id().substring("observer:".length());
    assertThat(AclPolicy.creatorOnly().withReaders(ZkIdentity.digest("observer", "pw")).toString())
        .contains("digest:observer:***")
        .doesNotContain(hash);
  }

  @Test
  void identitiesMatchWhatTheServerComputes() throws Exception {
    assertThat(ZkIdentity.digest("svc", "pw").id())
        .isEqualTo(DigestAuthenticationProvider.generateDigest("svc:pw"));
    assertThat(Authentication.digest("svc", "pw").identity())
        .contains(ZkIdentity.digest("svc", "pw"));
    assertThat(Authentication.saslDigest("svc", "pw").identity()).contains(ZkIdentity.sasl("svc"));
    assertThat(Authentication.saslLoginContext("Client").identity()).isEmpty();
    assertThatThrownBy(() -> new ZkIdentity("Digest!", "x"))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> new ZkIdentity("sasl", ""))
        .isInstanceOf(IllegalArgumentException.class);
  }

  @Test
  void readersGetReadWritersEverythingButAdmin() {
    AclPolicy policy =
        AclPolicy.creatorOnly()
            .withReaders(ZkIdentity.sasl("observer"), ZkIdentity.sasl("observer"))
            .withWriters(ZkIdentity.x509("CN=worker-2"));
    assertThat(policy.aclFor("/x"))
        .containsExactly(
            new ACL(ZooDefs.Perms.ALL, ZooDefs.Ids.AUTH_IDS),
            new ACL(ZooDefs.Perms.READ, ZkIdentity.sasl("observer").toZooKeeper()),
            new ACL(
                ZooDefs.Perms.ALL & ~ZooDefs.Perms.ADMIN,
                ZkIdentity.x509("CN=worker-2").toZooKeeper()));
    assertThat(policy.requiresAuthentication()).isTrue();
    assertThat(
            AclPolicy.of(List.of(new ACL(ZooDefs.Perms.ALL, ZkIdentity.sasl("svc").toZooKeeper())))
                .requiresAuthentication())
        .isFalse();
    assertThatThrownBy(() -> AclPolicy.of(List.of())).isInstanceOf(IllegalArgumentException.class);
  }

  @Test
  void tlsNeedsReadableStoresAndAKnownType() throws Exception {
    Path trust = Files.writeString(dir.resolve("trust.p12"), "x");
    assertThatThrownBy(() -> TlsConfig.builder().build())
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("trustStore is required");
    assertThatThrownBy(
            () -> TlsConfig.builder().trustStore(dir.resolve("missing.p12"), "pw").build())
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("not a readable file");
    assertThatThrownBy(
            () -> TlsConfig.builder().trustStore(trust, "pw").trustStoreType("XML").build())
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("PKCS12");
    TlsConfig tls =
        TlsConfig.builder().trustStore(trust, "secret-pw").keyStore(trust, "secret-pw").build();
    assertThat(tls.toString()).doesNotContain("secret-pw");
    assertThat(tls.hostnameVerification()).isTrue();
    SessionConfig config = SessionConfig.builder("127.0.0.1:2281").tls(tls).build();
    assertThat(config.aclPolicy())
        .as("a client certificate authenticates")
        .isEqualTo(AclPolicy.creatorOnly());
    SessionConfig serverOnly =
        SessionConfig.builder("127.0.0.1:2281")
            .tls(TlsConfig.builder().trustStore(trust, null).build())
            .build();
    assertThat(serverOnly.aclPolicy()).isEqualTo(AclPolicy.open());
  }
}
