// SPDX-License-Identifier: Apache-2.0
package dev.baton.spring.autoconfigure;

import dev.baton.recipes.SessionConfig;
import dev.baton.recipes.security.AclPolicy;
import dev.baton.recipes.security.Authentication;
import dev.baton.recipes.security.TlsConfig;
import dev.baton.recipes.security.ZkIdentity;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.jspecify.annotations.Nullable;
import org.springframework.boot.context.properties.PropertyMapper;

/** Builds the {@link SessionConfig} from {@code baton.*}, blaming the property of each error. */
final class SessionConfigFactory {
  private SessionConfigFactory() {}

  static SessionConfig.Builder builder(
      BatonProperties props, String connectString, boolean closeOnJvmExit) {
    if (connectString == null || connectString.isBlank()) {
      throw new BatonPropertyException(
          "baton.connect-string", connectString, "the ZooKeeper connect string is empty", null);
    }
    SessionConfig.Builder b = SessionConfig.builder(connectString).closeOnJvmExit(closeOnJvmExit);
    PropertyMapper map = PropertyMapper.get();
    map.from(props.sessionTimeout()).to(b::sessionTimeout);
    // Unset keeps SessionConfig's default, which follows a shorter session timeout.
    map.from(props.connectionTimeout()).to(b::connectionTimeout);
    map.from(props.closeTimeout()).to(b::closeTimeout);
    map.from(props.namespace())
        .whenHasText()
        .as(n -> n.startsWith("/") ? n.substring(1) : n)
        .to(b::namespace);
    authentications(props.authentication()).forEach(b::authentication);
    b.tls(tls(props.tls()));
    b.aclPolicy(acl(props.acl()));
    return b;
  }

  /** Validates the finished builder (after the customizers). */
  static SessionConfig build(SessionConfig.Builder builder, BatonProperties props) {
    return PropertyCheck.of("baton")
        .field("connectString", "connect-string", null)
        .field("sessionTimeout", "session-timeout", props.sessionTimeout())
        .field("connectionTimeout", "connection-timeout", props.connectionTimeout())
        .field("closeTimeout", "close-timeout", props.closeTimeout())
        .field("timeouts", "session-timeout", props.sessionTimeout())
        .field("namespace", "namespace", props.namespace())
        .field("SASL mechanism", "authentication", null)
        .field("ACL policy", "acl.policy", props.acl().policy())
        .run(builder::build);
  }

  private static List<Authentication> authentications(AuthenticationProperties auth) {
    List<Authentication> result = new ArrayList<>();
    if (auth.digest().isConfigured()) {
      result.add(credentials("baton.authentication.digest", auth.digest(), true));
    }
    if (auth.saslDigest().isConfigured()) {
      result.add(credentials("baton.authentication.sasl-digest", auth.saslDigest(), false));
    }
    String loginContext = auth.sasl().loginContext();
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
    @Nullable String user = c.user();
    @Nullable String password = c.password();
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
    String trustStore = tls.trustStore();
    String keyStore = tls.keyStore();
    if (trustStore == null && keyStore == null) {
      return null;
    }
    return PropertyCheck.of("baton.tls")
        .field("trustStoreType", "trust-store-type", tls.trustStoreType())
        .field("keyStoreType", "key-store-type", tls.keyStoreType())
        .field("trustStore", "trust-store", trustStore)
        .field("keyStore", "key-store", keyStore)
        .run(
            () -> {
              TlsConfig.Builder b = TlsConfig.builder();
              PropertyMapper map = PropertyMapper.get();
              map.from(tls.hostnameVerification()).to(b::hostnameVerification);
              map.from(trustStore).to(s -> b.trustStore(Path.of(s), tls.trustStorePassword()));
              map.from(keyStore).to(s -> b.keyStore(Path.of(s), tls.keyStorePassword()));
              map.from(tls.trustStoreType()).to(b::trustStoreType);
              map.from(tls.keyStoreType()).to(b::keyStoreType);
              return b.build();
            });
  }

  private static @Nullable AclPolicy acl(AclProperties acl) {
    AclProperties.Policy kind = acl.policy();
    if (kind == null) {
      if (!acl.readers().isEmpty() || !acl.writers().isEmpty()) {
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
    policy = policy.withReaders(identities("baton.acl.readers", acl.readers()));
    return policy.withWriters(identities("baton.acl.writers", acl.writers()));
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
