// SPDX-License-Identifier: Apache-2.0
package dev.baton.recipes.security;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import org.apache.curator.framework.AuthInfo;
import org.apache.curator.framework.CuratorFrameworkFactory;
import org.apache.zookeeper.ClientCnxnSocketNetty;
import org.apache.zookeeper.client.ZKClientConfig;
import org.apache.zookeeper.common.ClientX509Util;
import org.jspecify.annotations.Nullable;

/**
 * Applies Baton's security settings (authentication, TLS, the {@link AclPolicy} of created znodes)
 * to a Curator client builder: {@link dev.baton.recipes.BatonSession#start} uses it; call it
 * yourself for a client you {@linkplain dev.baton.recipes.BatonSession#wrap wrap}. All is set on
 * the builder and its {@link ZKClientConfig}, never in system properties, so sessions with
 * different credentials share a JVM. One process-wide effect: SASL DIGEST-MD5 credentials become a
 * login section of the JAAS configuration, which Baton extends (a replaced configuration loses them
 * until the next session starts). DIGEST-MD5 is not FIPS: such a session turns FIPS mode off for
 * its connections; use Kerberos where FIPS is required.
 */
public final class CuratorSecurity {
  private static final String FIPS_MODE = "zookeeper.fips-mode";

  private CuratorSecurity() {}

  /**
   * Configures {@code builder}.
   *
   * @param authentications how to authenticate: any number of digest credentials, at most one SASL
   * @param tls TLS to the secure client port, or {@code null} for a plain connection
   * @throws IllegalArgumentException if more than one SASL is given, or the policy names the
   *     creator but nothing authenticates the session
   */
  public static void configure(
      CuratorFrameworkFactory.Builder builder,
      List<Authentication> authentications,
      @Nullable TlsConfig tls,
      AclPolicy policy) {
    Objects.requireNonNull(builder, "builder");
    Objects.requireNonNull(authentications, "authentications");
    Objects.requireNonNull(policy, "policy");
    check(authentications, tls, policy);
    ZKClientConfig zk = new ZKClientConfig();
    List<AuthInfo> digests = new ArrayList<>();
    for (Authentication a : authentications) {
      switch (a.kind()) {
        case DIGEST ->
            digests.add(
                new AuthInfo(
                    "digest",
                    (a.user().orElseThrow() + ":" + a.secret()).getBytes(StandardCharsets.UTF_8)));
        case SASL_DIGEST -> {
          useSasl(zk, JaasSections.registerDigest(a.user().orElseThrow(), a.secret()));
          // ZooKeeper 3.9 clients refuse DIGEST-MD5 in FIPS mode, which is their default.
          zk.setProperty(FIPS_MODE, "false");
        }
        case SASL_LOGIN_CONTEXT -> useSasl(zk, a.secret());
      }
    }
    if (!digests.isEmpty()) {
      builder.authorization(digests);
    }
    if (tls != null) {
      useTls(zk, tls);
    }
    builder.zkClientConfig(zk);
    builder.aclProvider(policy.toCuratorAclProvider());
  }

  /** The checks of {@link #configure}, for configuration builders that validate early. */
  public static void check(
      List<Authentication> authentications, @Nullable TlsConfig tls, AclPolicy policy) {
    Objects.requireNonNull(authentications, "authentications");
    Objects.requireNonNull(policy, "policy");
    long sasl = authentications.stream().filter(Authentication::isSasl).count();
    if (sasl > 1) {
      throw new IllegalArgumentException(
          "a ZooKeeper client authenticates with at most one SASL mechanism, got "
              + authentications);
    }
    boolean clientCertificate = tls != null && tls.keyStore().isPresent();
    if (policy.requiresAuthentication() && authentications.isEmpty() && !clientCertificate) {
      throw new IllegalArgumentException(
          "the ACL policy "
              + policy
              + " grants access to the creator, but the"
              + " session does not authenticate: configure an authentication or a TLS client certificate,"
              + " or choose AclPolicy.open()");
    }
  }

  private static void useSasl(ZKClientConfig zk, String loginSection) {
    zk.setProperty(ZKClientConfig.ENABLE_CLIENT_SASL_KEY, "true");
    zk.setProperty(ZKClientConfig.LOGIN_CONTEXT_NAME_KEY, loginSection);
  }

  private static void useTls(ZKClientConfig zk, TlsConfig tls) {
    zk.setProperty(
        ZKClientConfig.ZOOKEEPER_CLIENT_CNXN_SOCKET, ClientCnxnSocketNetty.class.getName());
    zk.setProperty(ZKClientConfig.SECURE_CLIENT, "true");
    try (ClientX509Util x509 = new ClientX509Util()) {
      zk.setProperty(x509.getSslTruststoreLocationProperty(), tls.trustStore().toString());
      tls.trustStorePassword()
          .ifPresent(p -> zk.setProperty(x509.getSslTruststorePasswdProperty(), p));
      tls.trustStoreType().ifPresent(t -> zk.setProperty(x509.getSslTruststoreTypeProperty(), t));
      tls.keyStore()
          .ifPresent(k -> zk.setProperty(x509.getSslKeystoreLocationProperty(), k.toString()));
      tls.keyStorePassword().ifPresent(p -> zk.setProperty(x509.getSslKeystorePasswdProperty(), p));
      tls.keyStoreType().ifPresent(t -> zk.setProperty(x509.getSslKeystoreTypeProperty(), t));
      zk.setProperty(
          x509.getSslHostnameVerificationEnabledProperty(),
          Boolean.toString(tls.hostnameVerification()));
    }
  }
}
