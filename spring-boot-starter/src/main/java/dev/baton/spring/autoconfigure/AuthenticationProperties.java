// SPDX-License-Identifier: Apache-2.0
package dev.baton.spring.autoconfigure;

import org.jspecify.annotations.Nullable;

/**
 * {@code baton.authentication.*}: how the session authenticates. Any combination of one digest
 * login and one SASL mechanism (sasl-digest or sasl.login-context, not both).
 */
public class AuthenticationProperties {
  /** ZooKeeper's digest scheme (addAuthInfo); the password travels in the clear without TLS. */
  private final Credentials digest = new Credentials();

  /** SASL DIGEST-MD5 with these credentials; no JAAS file needed on the client. */
  private final Credentials saslDigest = new Credentials();

  /** SASL with a login section of the JVM's own JAAS configuration (e.g. Kerberos). */
  private final Sasl sasl = new Sasl();

  /** The digest credentials. */
  public Credentials getDigest() {
    return digest;
  }

  /** The SASL DIGEST-MD5 credentials. */
  public Credentials getSaslDigest() {
    return saslDigest;
  }

  /** The SASL login-context settings. */
  public Sasl getSasl() {
    return sasl;
  }

  /** A user and a password; both empty means "not used". */
  public static class Credentials {
    /** The user name (no ':'). */
    private @Nullable String user;

    /** The password. */
    private @Nullable String password;

    /** The user, if set. */
    public @Nullable String getUser() {
      return user;
    }

    /** Sets the user. */
    public void setUser(@Nullable String user) {
      this.user = user;
    }

    /** The password, if set. */
    public @Nullable String getPassword() {
      return password;
    }

    /** Sets the password. */
    public void setPassword(@Nullable String password) {
      this.password = password;
    }

    /** True if either the user or the password is set. */
    boolean isConfigured() {
      return user != null || password != null;
    }
  }

  /** SASL with a JAAS login section. */
  public static class Sasl {
    /** The name of the section of the JVM's JAAS configuration to log in with. */
    private @Nullable String loginContext;

    /** The login section name, if set. */
    public @Nullable String getLoginContext() {
      return loginContext;
    }

    /** Sets the login section name. */
    public void setLoginContext(@Nullable String loginContext) {
      this.loginContext = loginContext;
    }
  }
}
