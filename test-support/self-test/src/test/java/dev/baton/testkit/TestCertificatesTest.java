// SPDX-License-Identifier: Apache-2.0
package dev.baton.testkit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyStore;
import java.security.PrivateKey;
import java.security.Signature;
import java.security.cert.CertPathValidator;
import java.security.cert.CertPathValidatorException;
import java.security.cert.Certificate;
import java.security.cert.CertificateFactory;
import java.security.cert.PKIXParameters;
import java.security.cert.X509Certificate;
import java.time.Duration;
import java.time.Instant;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import org.apache.zookeeper.client.ZKClientConfig;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link TestCertificates}: the PKCS12 stores load with {@link KeyStore}, hold a CA-signed server
 * chain with the loopback names and a client chain, validate against their own trust store and not
 * against another instance's.
 */
class TestCertificatesTest {
  private static final String SERVER_AUTH = "1.3.6.1.5.5.7.3.1";
  private static final String CLIENT_AUTH = "1.3.6.1.5.5.7.3.2";
  private static final int SAN_DNS = 2;
  private static final int SAN_IP = 7;

  @TempDir Path dir;

  @Test
  void storesHoldTheCaAndTheSignedServerAndClientChains() throws Exception {
    TestCertificates certs = TestCertificates.create(dir.resolve("certs"));
    assertThat(certs.trustStore()).isEqualTo(dir.resolve("certs/truststore.p12")).isRegularFile();
    assertThat(certs.serverKeyStore())
        .isEqualTo(dir.resolve("certs/server-keystore.p12"))
        .isRegularFile();
    assertThat(certs.clientKeyStore())
        .isEqualTo(dir.resolve("certs/client-keystore.p12"))
        .isRegularFile();
    assertThat(certs.password()).isNotEmpty();

    KeyStore trust = load(certs.trustStore(), certs.password());
    assertThat(List.copyOf(Collections.list(trust.aliases()))).containsExactly("ca");
    assertThat(trust.isCertificateEntry("ca")).isTrue();
    X509Certificate ca = (X509Certificate) trust.getCertificate("ca");
    assertThat(ca).isEqualTo(certs.caCertificate());
    assertThat(ca.getSubjectX500Principal()).isEqualTo(ca.getIssuerX500Principal());
    ca.verify(ca.getPublicKey());
    assertThat(ca.getBasicConstraints()).isGreaterThanOrEqualTo(0);
    assertValidAroundNow(ca);

    KeyStore server = load(certs.serverKeyStore(), certs.password());
    assertThat(server.isKeyEntry("server")).isTrue();
    Certificate[] serverChain = server.getCertificateChain("server");
    assertThat(serverChain).hasSize(2);
    assertThat(serverChain[1]).isEqualTo(ca);
    X509Certificate serverCert = (X509Certificate) serverChain[0];
    assertThat(serverCert).isEqualTo(certs.serverCertificate());
    serverCert.verify(ca.getPublicKey());
    assertThat(serverCert.getSubjectX500Principal().getName())
        .isEqualTo("CN=baton-zk-server,O=Baton");
    assertThat(serverCert.getIssuerX500Principal()).isEqualTo(ca.getSubjectX500Principal());
    assertThat(serverCert.getBasicConstraints()).isEqualTo(-1);
    assertThat(serverCert.getSubjectAlternativeNames())
        .containsExactlyInAnyOrder(List.of(SAN_IP, "127.0.0.1"), List.of(SAN_DNS, "localhost"));
    assertThat(serverCert.getExtendedKeyUsage())
        .containsExactlyInAnyOrder(SERVER_AUTH, CLIENT_AUTH);
    assertValidAroundNow(serverCert);
    assertKeyMatches(
        (PrivateKey) server.getKey("server", certs.password().toCharArray()), serverCert);

    KeyStore client = load(certs.clientKeyStore(), certs.password());
    assertThat(client.isKeyEntry("client")).isTrue();
    Certificate[] clientChain = client.getCertificateChain("client");
    assertThat(clientChain).hasSize(2);
    assertThat(clientChain[1]).isEqualTo(ca);
    X509Certificate clientCert = (X509Certificate) clientChain[0];
    clientCert.verify(ca.getPublicKey());
    assertThat(clientCert.getSubjectX500Principal().getName()).isEqualTo("CN=baton-client");
    assertThat(certs.clientSubject()).isEqualTo("CN=baton-client");
    assertThat(clientCert.getExtendedKeyUsage()).containsExactly(CLIENT_AUTH);
    assertThat(clientCert.getSubjectAlternativeNames()).isNull();
    assertValidAroundNow(clientCert);
    assertKeyMatches(
        (PrivateKey) client.getKey("client", certs.password().toCharArray()), clientCert);

    validate(serverChain, trust);
    validate(clientChain, trust);
    assertThat(certs.toString()).contains("CN=baton-client").doesNotContain(certs.password());
  }

  @Test
  void anotherInstanceIsAnIndependentCa() throws Exception {
    TestCertificates certs = TestCertificates.create(dir.resolve("a"));
    TestCertificates other = TestCertificates.create(dir.resolve("b"));

    assertThat(other.caCertificate().getSubjectX500Principal())
        .isNotEqualTo(certs.caCertificate().getSubjectX500Principal());
    assertThat(other.caCertificate().getPublicKey())
        .isNotEqualTo(certs.caCertificate().getPublicKey());
    assertThat(other.password()).isNotEqualTo(certs.password());
    KeyStore otherTrust = load(other.trustStore(), other.password());
    Certificate[] serverChain =
        load(certs.serverKeyStore(), certs.password()).getCertificateChain("server");
    Certificate[] clientChain =
        load(certs.clientKeyStore(), certs.password()).getCertificateChain("client");
    assertThatThrownBy(() -> validate(serverChain, otherTrust))
        .isInstanceOf(CertPathValidatorException.class);
    assertThatThrownBy(() -> validate(clientChain, otherTrust))
        .isInstanceOf(CertPathValidatorException.class);
    validate(
        load(other.serverKeyStore(), other.password()).getCertificateChain("server"), otherTrust);
  }

  @Test
  void clientNameAndPasswordAreThoseGiven() throws Exception {
    TestCertificates certs = TestCertificates.create(dir, "alice, the \"tester\"", "pa ss\\word");
    assertThat(certs.password()).isEqualTo("pa ss\\word");
    assertThat(certs.clientSubject()).isEqualTo("CN=alice\\, the \\\"tester\\\"");
    assertThat(certs.clientCertificate().getSubjectX500Principal().getName())
        .isEqualTo(certs.clientSubject());
    KeyStore client = load(certs.clientKeyStore(), "pa ss\\word");
    assertThat(client.getCertificate("client")).isEqualTo(certs.clientCertificate());
    assertThatThrownBy(() -> load(certs.trustStore(), "wrong")).isInstanceOf(IOException.class);
    assertThat(TestCertificates.create(dir.resolve("bob"), "bob").clientSubject())
        .isEqualTo("CN=bob");
    assertThatThrownBy(() -> TestCertificates.create(dir, "", "pw"))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> TestCertificates.create(dir, "x", ""))
        .isInstanceOf(IllegalArgumentException.class);
  }

  @Test
  void clientConfigNamesTheNettySocketAndTheStores() {
    TestCertificates certs = TestCertificates.create(dir);
    ZKClientConfig config = certs.clientConfig();
    assertThat(config.getProperty("zookeeper.clientCnxnSocket"))
        .isEqualTo("org.apache.zookeeper.ClientCnxnSocketNetty");
    assertThat(config.getBoolean("zookeeper.client.secure")).isTrue();
    assertThat(config.getProperty("zookeeper.ssl.keyStore.location"))
        .isEqualTo(certs.clientKeyStore().toString());
    assertThat(config.getProperty("zookeeper.ssl.keyStore.password")).isEqualTo(certs.password());
    assertThat(config.getProperty("zookeeper.ssl.trustStore.location"))
        .isEqualTo(certs.trustStore().toString());
    assertThat(config.getProperty("zookeeper.ssl.trustStore.password")).isEqualTo(certs.password());
    assertThat(certs.clientConfig()).isNotSameAs(config);
  }

  private static KeyStore load(Path file, String password) throws Exception {
    KeyStore store = KeyStore.getInstance("PKCS12");
    try (InputStream in = Files.newInputStream(file)) {
      store.load(in, password.toCharArray());
    }
    return store;
  }

  private static void validate(Certificate[] chain, KeyStore trust) throws Exception {
    PKIXParameters params = new PKIXParameters(trust);
    params.setRevocationEnabled(false);
    // The path without its trust anchor, as TLS peers send it.
    CertPathValidator.getInstance("PKIX")
        .validate(
            CertificateFactory.getInstance("X.509")
                .generateCertPath(Arrays.asList(chain).subList(0, chain.length - 1)),
            params);
  }

  private static void assertValidAroundNow(X509Certificate cert) throws Exception {
    Instant now = Instant.now();
    cert.checkValidity();
    assertThat(cert.getNotBefore().toInstant()).isBefore(now.minus(Duration.ofHours(23)));
    assertThat(cert.getNotAfter().toInstant()).isAfter(now.plus(Duration.ofDays(1)));
  }

  private static void assertKeyMatches(PrivateKey key, X509Certificate cert) throws Exception {
    byte[] data = "baton".getBytes(StandardCharsets.UTF_8);
    Signature signer = Signature.getInstance("SHA256withECDSA");
    signer.initSign(key);
    signer.update(data);
    byte[] signature = signer.sign();
    Signature verifier = Signature.getInstance("SHA256withECDSA");
    verifier.initVerify(cert.getPublicKey());
    verifier.update(data);
    assertThat(verifier.verify(signature)).isTrue();
  }
}
