// SPDX-License-Identifier: Apache-2.0
package dev.baton.spring.autoconfigure;

import org.jspecify.annotations.Nullable;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * {@code baton.authentication.*}: how the session authenticates. Any combination of one digest
 * login and one SASL mechanism (sasl-digest or sasl.login-context, not both).
 *
 * @param digest ZooKeeper's digest scheme (addAuthInfo); the password travels in the clear without
 *     TLS.
 * @param saslDigest SASL DIGEST-MD5 with these credentials; no JAAS file needed on the client.
 * @param sasl SASL with a login section of the JVM's own JAAS configuration (e.g. Kerberos).
 */
public record AuthenticationProperties(
    @DefaultValue Credentials digest,
    @DefaultValue Credentials saslDigest,
    @DefaultValue Sasl sasl) {

  /**
   * A user and a password; both empty means "not used".
   *
   * @param user The user name (no ':').
   * @param password The password.
   */
  public record Credentials(@Nullable String user, @Nullable String password) {
    /** True if either the user or the password is set. */
    boolean isConfigured() {
      return user != null || password != null;
    }
  }

  /**
   * SASL with a JAAS login section.
   *
   * @param loginContext The name of the section of the JVM's JAAS configuration to log in with.
   */
  public record Sasl(@Nullable String loginContext) {}
}
