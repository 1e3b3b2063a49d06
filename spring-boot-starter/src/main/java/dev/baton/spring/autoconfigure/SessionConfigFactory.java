// SPDX-License-Identifier: Apache-2.0
package dev.baton.spring.autoconfigure;

import dev.baton.recipes.SessionConfig;
import dev.baton.recipes.security.AclPolicy;
import dev.baton.recipes.security.Authentication;
import dev.baton.recipes.security.TlsConfig;
import dev.baton.recipes.security.ZkIdentity;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.jspecify.annotations.Nullable;

/** Builds the {@link SessionConfig} from {@code baton.*}, blaming the property of each error. */
final class SessionConfigFactory {
  private SessionConfigFactory() {}

  static SessionConfig.Builder builder(
      BatonProperties props, String connectString, boolean closeOnJvmExit) {
    if (connectString == null || connectString.isBlank()) {
      throw new BatonPropertyException(
          "baton.connect-string", connectString, "the ZooKeeper connect string is empty", null);
    }
    SessionConfig.Builder b =
        SessionConfig.builder(connectString)
            .sessionTimeout(props.getSessionTimeout())
            .closeTimeout(props.getCloseTimeout())
            .closeOnJvmExit(closeOnJvmExit);
    Duration connectionTimeout = props.getConnectionTimeout();
    if (connectionTimeout != null) {
      // Unset keeps SessionConfig's default, which follows a shorter session timeout.
      b.connectionTimeout(connectionTimeout);
    }
    String namespace = props.getNamespace();
    if (namespace != null && !namespace.isBlank()) {
      b.namespace(namespace.startsWith("/") ? namespace.substring(1) : namespace);
    }
    authentications(props.getAuthentication()).forEach(b::authentication);
    b.tls(tls(props.getTls()));
    b.aclPolicy(acl(props.getAcl()));
    return b;
  }

  /** Validates the finished builder (after the customizers). */
  static SessionConfig build(SessionConfig.Builder builder, BatonProperties props) {
    return PropertyCheck.of("baton")
        .field("connectString", "connect-string", null)
        .field("sessionTimeout", "session-timeout", props.getSessionTimeout())
        .field("connectionTimeout", "connection-timeout", props.getConnectionTimeout())
        .field("closeTimeout", "close-timeout", props.getCloseTimeout())
        .field("timeouts", "session-timeout", props.getSessionTimeout())
        .field("namespace", "namespace", props.getNamespace())
        .field("SASL mechanism", "authentication", null)
        .field("ACL policy", "acl.policy", props.getAcl().getPolicy())
        .run(builder::build);
  }

  private static List<Authentication> authentications(AuthenticationProperties auth) {
    List<Authentication> result = new ArrayList<>();
    if (auth.getDigest().isConfigured()) {
      result.add(credentials("baton.authentication.digest", auth.getDigest(), true));
    }
    if (auth.getSaslDigest().isConfigured()) {
      result.add(credentials("baton.authentication.sasl-digest", auth.getSaslDigest(), false));
    }
    String loginContext = auth.getSasl().getLoginContext();
    if (loginContext != null) {
      result.add(
          PropertyCheck.of("baton.authentication.sasl")
              .field("loginContextName", "login-context", loginContext)
              .run(() -> Authentication.saslLoginContext(loginContext)));
    }
    return result;
  }

  private static Authentication credentials(
      String prefix, AuthenticationProperties.Credentials c, boolean digest) {
    @Nullable String user = c.getUser();
    @Nullable String password = c.getPassword();
    if (user == null) {
      throw new BatonPropertyException(prefix + ".user", null, "the user is missing", null);
    }
    if (password == null) {
      throw new BatonPropertyException(
          prefix + ".password", null, "the password must not be empty", null);
    }
    return PropertyCheck.of(prefix)
        .field("user", "user", user)
        .secret("password", "password", password)
        .run(
            () ->
                digest
                    ? Authentication.digest(nonNull(user), nonNull(password))
                    : Authentication.saslDigest(nonNull(user), nonNull(password)));
  }

  private static @Nullable TlsConfig tls(TlsProperties tls) {
    String trustStore = tls.getTrustStore();
    String keyStore = tls.getKeyStore();
    if (trustStore == null && keyStore == null) {
      return null;
    }
    return PropertyCheck.of("baton.tls")
        .field("trustStoreType", "trust-store-type", tls.getTrustStoreType())
        .field("keyStoreType", "key-store-type", tls.getKeyStoreType())
        .field("trustStore", "trust-store", trustStore)
        .field("keyStore", "key-store", keyStore)
        .run(
            () -> {
              TlsConfig.Builder b =
                  TlsConfig.builder().hostnameVerification(tls.isHostnameVerification());
              if (trustStore != null) {
                b.trustStore(Path.of(trustStore), tls.getTrustStorePassword());
              }
              if (keyStore != null) {
                b.keyStore(Path.of(keyStore), tls.getKeyStorePassword());
              }
              if (tls.getTrustStoreType() != null) {
                b.trustStoreType(tls.getTrustStoreType());
              }
              if (tls.getKeyStoreType() != null) {
                b.keyStoreType(tls.getKeyStoreType());
              }
              return b.build();
            });
  }

  private static @Nullable AclPolicy acl(AclProperties acl) {
    AclProperties.Policy kind = acl.getPolicy();
    if (kind == null) {
      if (!acl.getReaders().isEmpty() || !acl.getWriters().isEmpty()) {
        throw new BatonPropertyException(
            "baton.acl.policy",
            null,
            "baton.acl.readers and baton.acl.writers need an explicit policy (creator-only)",
            null);
      }
      return null;
    }
    AclPolicy policy =
        kind == AclProperties.Policy.OPEN ? AclPolicy.open() : AclPolicy.creatorOnly();
    policy = policy.withReaders(identities("baton.acl.readers", acl.getReaders()));
    return policy.withWriters(identities("baton.acl.writers", acl.getWriters()));
  }

  /** Parses {@code scheme:id} identities, e.g. {@code sasl:svc} or {@code x509:CN=a,O=b}. */
  static ZkIdentity[] identities(String property, List<String> values) {
    ZkIdentity[] result = new ZkIdentity[values.size()];
    for (int i = 0; i < values.size(); i++) {
      String value = values.get(i);
      String name = property + "[" + i + "]";
      int colon = value == null ? -1 : value.indexOf(':');
      if (colon <= 0) {
        throw new BatonPropertyException(
            name, value, "an identity is scheme:id, e.g. sasl:observer or x509:CN=status", null);
      }
      try {
        result[i] = new ZkIdentity(value.substring(0, colon), value.substring(colon + 1));
      } catch (IllegalArgumentException e) {
        throw new BatonPropertyException(name, value, String.valueOf(e.getMessage()), e);
      }
    }
    return result;
  }

  @SuppressWarnings("NullAway")
  private static String nonNull(@Nullable String value) {
    // Checked non-null above; NullAway cannot see that through the lambda.
    return value;
  }
}
