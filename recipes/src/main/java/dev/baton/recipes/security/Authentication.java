// SPDX-License-Identifier: Apache-2.0
package dev.baton.recipes.security;

import java.util.Objects;
import java.util.Optional;
import org.jspecify.annotations.Nullable;

/**
 * How a {@linkplain dev.baton.recipes.BatonSession session} authenticates to ZooKeeper on every
 * connection, new sessions included: {@link #digest(String, String)} (the password travels in the
 * clear without {@linkplain TlsConfig TLS}), {@link #saslDigest(String, String)} (SASL DIGEST-MD5,
 * JAAS section registered by Baton) or {@link #saslLoginContext(String)} (a JVM JAAS section, e.g.
 * Kerberos). Server setup: {@code docs/security.md}. {@code toString()} hides passwords. Immutable.
 */
public final class Authentication {
  /** The mechanisms Baton configures. */
  public enum Kind {
    /** ZooKeeper's {@code digest} scheme. */
    DIGEST,
    /** SASL DIGEST-MD5 with credentials given to Baton. */
    SASL_DIGEST,
    /** SASL with a section of the JVM's JAAS configuration. */
    SASL_LOGIN_CONTEXT
  }

  private final Kind kind;
  private final @Nullable String user;
  private final String secret;

  private Authentication(Kind kind, @Nullable String user, String secret) {
    this.kind = kind;
    this.user = user;
    this.secret = secret;
  }

  /** Digest authentication as {@code user}; its ACL identity is {@link ZkIdentity#digest}. */
  public static Authentication digest(String user, String password) {
    checkUser(user);
    checkPassword(password);
    return new Authentication(Kind.DIGEST, user, password);
  }

  /** SASL DIGEST-MD5 authentication as {@code user}; ACL identity {@link ZkIdentity#sasl}. */
  public static Authentication saslDigest(String user, String password) {
    checkUser(user);
    checkPassword(password);
    return new Authentication(Kind.SASL_DIGEST, user, password);
  }

  /**
   * SASL with the JVM's JAAS login section {@code loginContextName}. Baton cannot know the
   * resulting identity: grant it explicitly in observers' {@link AclPolicy}.
   */
  public static Authentication saslLoginContext(String loginContextName) {
    Objects.requireNonNull(loginContextName, "loginContextName");
    if (loginContextName.isBlank()) {
      throw new IllegalArgumentException("loginContextName must not be empty");
    }
    return new Authentication(Kind.SASL_LOGIN_CONTEXT, null, loginContextName);
  }

  public Kind kind() {
    return kind;
  }

  /** True for the SASL kinds: a ZooKeeper client can use one SASL mechanism at a time. */
  public boolean isSasl() {
    return kind != Kind.DIGEST;
  }

  /** The user, absent for a JAAS login section. */
  public Optional<String> user() {
    return Optional.ofNullable(user);
  }

  /** The identity ZooKeeper will see, when Baton can tell. */
  public Optional<ZkIdentity> identity() {
    return switch (kind) {
      case DIGEST -> Optional.of(ZkIdentity.digest(user().orElseThrow(), secret));
      case SASL_DIGEST -> Optional.of(ZkIdentity.sasl(user().orElseThrow()));
      case SASL_LOGIN_CONTEXT -> Optional.empty();
    };
  }

  /** The password, or the login section name for {@link Kind#SASL_LOGIN_CONTEXT}. */
  String secret() {
    return secret;
  }

  static void checkUser(String user) {
    Objects.requireNonNull(user, "user");
    if (user.isEmpty() || user.indexOf(':') >= 0 || user.length() > 256) {
      throw new IllegalArgumentException(
          "user must have 1 to 256 characters and no ':', was '" + user + "'");
    }
  }

  static void checkPassword(String password) {
    Objects.requireNonNull(password, "password");
    if (password.isEmpty()) {
      throw new IllegalArgumentException("password must not be empty");
    }
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof Authentication a
        && kind == a.kind
        && Objects.equals(user, a.user)
        && secret.equals(a.secret);
  }

  @Override
  public int hashCode() {
    return Objects.hash(kind, user, secret);
  }

  @Override
  public String toString() {
    return switch (kind) {
      case DIGEST -> "digest(" + user + ")";
      case SASL_DIGEST -> "sasl-digest(" + user + ")";
      case SASL_LOGIN_CONTEXT -> "sasl(login section " + secret + ")";
    };
  }
}
