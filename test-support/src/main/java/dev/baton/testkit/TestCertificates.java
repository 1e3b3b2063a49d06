// SPDX-License-Identifier: Apache-2.0
package dev.baton.testkit;

import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.math.BigInteger;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.KeyStore;
import java.security.PrivateKey;
import java.security.SecureRandom;
import java.security.cert.Certificate;
import java.security.cert.X509Certificate;
import java.security.spec.ECGenParameterSpec;
import java.time.Duration;
import java.time.Instant;
import java.util.Date;
import java.util.HexFormat;
import java.util.Objects;
import org.apache.zookeeper.client.ZKClientConfig;
import org.bouncycastle.asn1.x500.X500Name;
import org.bouncycastle.asn1.x500.X500NameBuilder;
import org.bouncycastle.asn1.x500.style.BCStyle;
import org.bouncycastle.asn1.x509.BasicConstraints;
import org.bouncycastle.asn1.x509.ExtendedKeyUsage;
import org.bouncycastle.asn1.x509.Extension;
import org.bouncycastle.asn1.x509.GeneralName;
import org.bouncycastle.asn1.x509.GeneralNames;
import org.bouncycastle.asn1.x509.KeyPurposeId;
import org.bouncycastle.asn1.x509.KeyUsage;
import org.bouncycastle.cert.CertIOException;
import org.bouncycastle.cert.X509v3CertificateBuilder;
import org.bouncycastle.cert.jcajce.JcaX509CertificateConverter;
import org.bouncycastle.cert.jcajce.JcaX509ExtensionUtils;
import org.bouncycastle.cert.jcajce.JcaX509v3CertificateBuilder;
import org.bouncycastle.operator.OperatorCreationException;
import org.bouncycastle.operator.jcajce.JcaContentSignerBuilder;

/**
 * A throwaway certificate authority with a server and a client certificate (EC P-256,
 * BouncyCastle), written as PKCS12 files ({@code truststore.p12}, {@code server-keystore.p12},
 * {@code client-keystore.p12}, all protected by {@link #password()}) for ZooKeeper's TLS. The
 * server's certificate names 127.0.0.1 and localhost; the client's gives it the id {@link
 * #clientSubject()} of scheme {@code x509}. Each {@code create} makes a new CA, trusted by no other
 * instance. Immutable.
 */
public final class TestCertificates {
  /** The client name of {@link #create(Path)}. */
  public static final String DEFAULT_CLIENT_NAME = "baton-client";

  /** The common name of the server certificate. */
  public static final String SERVER_NAME = "baton-zk-server";

  /** The file name of the trust store, in the directory given to {@code create}. */
  public static final String TRUST_STORE_FILE = "truststore.p12";

  /** The file name of the server's key store. */
  public static final String SERVER_KEY_STORE_FILE = "server-keystore.p12";

  /** The file name of the client's key store. */
  public static final String CLIENT_KEY_STORE_FILE = "client-keystore.p12";

  private static final String SIGNATURE = "SHA256withECDSA";
  private static final Duration BACK = Duration.ofDays(1);
  private static final Duration AHEAD = Duration.ofDays(2);
  private static final SecureRandom RANDOM = new SecureRandom();

  private final Path dir;
  private final String password;
  private final X509Certificate ca;
  private final X509Certificate server;
  private final X509Certificate client;

  private TestCertificates(
      Path dir,
      String password,
      X509Certificate ca,
      X509Certificate server,
      X509Certificate client) {
    this.dir = dir;
    this.password = password;
    this.ca = ca;
    this.server = server;
    this.client = client;
  }

  /** A new CA, server and client certificate with a random password, written into {@code dir}. */
  public static TestCertificates create(Path dir) {
    return create(dir, DEFAULT_CLIENT_NAME);
  }

  /** A new CA, server and client ({@code CN=<clientName>}) certificate with a random password. */
  public static TestCertificates create(Path dir, String clientName) {
    byte[] secret = new byte[12];
    RANDOM.nextBytes(secret);
    return create(dir, clientName, HexFormat.of().formatHex(secret));
  }

  /**
   * A new CA, server and client certificate in {@code dir}, protected by {@code password}.
   *
   * @throws IllegalArgumentException if {@code clientName} or {@code password} is empty
   */
  public static TestCertificates create(Path dir, String clientName, String password) {
    Objects.requireNonNull(dir, "dir");
    if (clientName == null || clientName.isEmpty()) {
      throw new IllegalArgumentException("client name is empty");
    }
    if (password == null || password.isEmpty()) {
      throw new IllegalArgumentException("password is empty");
    }
    try {
      Files.createDirectories(dir);
      Instant now = Instant.now();
      KeyPair caKeys = ecKeyPair();
      X500Name caName =
          name("Baton test CA " + HexFormat.of().toHexDigits(RANDOM.nextLong()), "Baton");
      JcaX509ExtensionUtils ext = new JcaX509ExtensionUtils();
      X509v3CertificateBuilder caBuilder =
          builder(caName, caName, caKeys, now)
              .addExtension(Extension.basicConstraints, true, new BasicConstraints(0))
              .addExtension(
                  Extension.keyUsage,
                  true,
                  new KeyUsage(KeyUsage.keyCertSign | KeyUsage.cRLSign | KeyUsage.digitalSignature))
              .addExtension(
                  Extension.subjectKeyIdentifier,
                  false,
                  ext.createSubjectKeyIdentifier(caKeys.getPublic()));
      X509Certificate ca = sign(caBuilder, caKeys.getPrivate());

      KeyPair serverKeys = ecKeyPair();
      X509v3CertificateBuilder serverBuilder =
          leaf(caName, name(SERVER_NAME, "Baton"), serverKeys, now, ca, ext)
              .addExtension(
                  Extension.extendedKeyUsage,
                  false,
                  new ExtendedKeyUsage(
                      new KeyPurposeId[] {
                        KeyPurposeId.id_kp_serverAuth, KeyPurposeId.id_kp_clientAuth
                      }))
              .addExtension(
                  Extension.subjectAlternativeName,
                  false,
                  new GeneralNames(
                      new GeneralName[] {
                        new GeneralName(GeneralName.iPAddress, "127.0.0.1"),
                        new GeneralName(GeneralName.dNSName, "localhost")
                      }));
      X509Certificate server = sign(serverBuilder, caKeys.getPrivate());

      KeyPair clientKeys = ecKeyPair();
      X509v3CertificateBuilder clientBuilder =
          leaf(caName, name(clientName, null), clientKeys, now, ca, ext)
              .addExtension(
                  Extension.extendedKeyUsage,
                  false,
                  new ExtendedKeyUsage(KeyPurposeId.id_kp_clientAuth));
      X509Certificate client = sign(clientBuilder, caKeys.getPrivate());

      char[] secret = password.toCharArray();
      KeyStore trust = emptyStore();
      trust.setCertificateEntry("ca", ca);
      store(trust, dir.resolve(TRUST_STORE_FILE), secret);
      KeyStore serverStore = emptyStore();
      serverStore.setKeyEntry(
          "server", serverKeys.getPrivate(), secret, new Certificate[] {server, ca});
      store(serverStore, dir.resolve(SERVER_KEY_STORE_FILE), secret);
      KeyStore clientStore = emptyStore();
      clientStore.setKeyEntry(
          "client", clientKeys.getPrivate(), secret, new Certificate[] {client, ca});
      store(clientStore, dir.resolve(CLIENT_KEY_STORE_FILE), secret);
      return new TestCertificates(dir, password, ca, server, client);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot write test certificates into " + dir, e);
    } catch (GeneralSecurityException | OperatorCreationException e) {
      throw new IllegalStateException("cannot make test certificates", e);
    }
  }

  /** The directory holding the three stores. */
  public Path directory() {
    return dir;
  }

  /** {@code truststore.p12}: the CA certificate as a trusted entry. */
  public Path trustStore() {
    return dir.resolve(TRUST_STORE_FILE);
  }

  /** {@code server-keystore.p12}: the server's key and its chain (server, CA). */
  public Path serverKeyStore() {
    return dir.resolve(SERVER_KEY_STORE_FILE);
  }

  /** {@code client-keystore.p12}: the client's key and its chain (client, CA). */
  public Path clientKeyStore() {
    return dir.resolve(CLIENT_KEY_STORE_FILE);
  }

  /** The password of every store and key. */
  public String password() {
    return password;
  }

  /** The CA's self-signed certificate. */
  public X509Certificate caCertificate() {
    return ca;
  }

  /** The server's certificate, signed by the CA. */
  public X509Certificate serverCertificate() {
    return server;
  }

  /** The client's certificate, signed by the CA. */
  public X509Certificate clientCertificate() {
    return client;
  }

  /** The client certificate's subject as ZooKeeper's x509 provider reports it ({@code CN=...}). */
  public String clientSubject() {
    return client.getSubjectX500Principal().getName();
  }

  /**
   * A new ZooKeeper client configuration for the secure ports, with the client key store and the
   * trust store (hostname verification on: connect to 127.0.0.1 or localhost).
   */
  public ZKClientConfig clientConfig() {
    ZKClientConfig config = new ZKClientConfig();
    config.setProperty(
        ZKClientConfig.ZOOKEEPER_CLIENT_CNXN_SOCKET, "org.apache.zookeeper.ClientCnxnSocketNetty");
    config.setProperty(ZKClientConfig.SECURE_CLIENT, "true");
    config.setProperty("zookeeper.ssl.keyStore.location", clientKeyStore().toString());
    config.setProperty("zookeeper.ssl.keyStore.password", password);
    config.setProperty("zookeeper.ssl.trustStore.location", trustStore().toString());
    config.setProperty("zookeeper.ssl.trustStore.password", password);
    return config;
  }

  /** The directory, the client subject and the CA's subject; never the password. */
  @Override
  public String toString() {
    String issuer = ca.getSubjectX500Principal().getName();
    return "TestCertificates[" + dir + ", client " + clientSubject() + ", CA " + issuer + "]";
  }

  private static X500Name name(String commonName, String organization) {
    // Most significant first (O, then CN): X500Principal.getName() prints the reverse, CN first.
    X500NameBuilder name = new X500NameBuilder(BCStyle.INSTANCE);
    if (organization != null) {
      name.addRDN(BCStyle.O, organization);
    }
    return name.addRDN(BCStyle.CN, commonName).build();
  }

  private static KeyPair ecKeyPair() throws GeneralSecurityException {
    KeyPairGenerator generator = KeyPairGenerator.getInstance("EC");
    generator.initialize(new ECGenParameterSpec("secp256r1"), RANDOM);
    return generator.generateKeyPair();
  }

  private static X509v3CertificateBuilder builder(
      X500Name issuer, X500Name subject, KeyPair keys, Instant now) {
    return new JcaX509v3CertificateBuilder(
        issuer,
        new BigInteger(63, RANDOM).add(BigInteger.ONE),
        Date.from(now.minus(BACK)),
        Date.from(now.plus(AHEAD)),
        subject,
        keys.getPublic());
  }

  private static X509v3CertificateBuilder leaf(
      X500Name issuer,
      X500Name subject,
      KeyPair keys,
      Instant now,
      X509Certificate ca,
      JcaX509ExtensionUtils ext)
      throws CertIOException, GeneralSecurityException {
    return builder(issuer, subject, keys, now)
        .addExtension(Extension.basicConstraints, true, new BasicConstraints(false))
        .addExtension(Extension.keyUsage, true, new KeyUsage(KeyUsage.digitalSignature))
        .addExtension(
            Extension.subjectKeyIdentifier, false, ext.createSubjectKeyIdentifier(keys.getPublic()))
        .addExtension(
            Extension.authorityKeyIdentifier, false, ext.createAuthorityKeyIdentifier(ca));
  }

  private static X509Certificate sign(X509v3CertificateBuilder builder, PrivateKey issuerKey)
      throws OperatorCreationException, GeneralSecurityException {
    return new JcaX509CertificateConverter()
        .getCertificate(builder.build(new JcaContentSignerBuilder(SIGNATURE).build(issuerKey)));
  }

  private static KeyStore emptyStore() throws GeneralSecurityException, IOException {
    KeyStore store = KeyStore.getInstance("PKCS12");
    store.load(null, null);
    return store;
  }

  private static void store(KeyStore store, Path file, char[] password)
      throws GeneralSecurityException, IOException {
    try (OutputStream out = Files.newOutputStream(file)) {
      store.store(out, password);
    }
  }
}
