// SPDX-License-Identifier: Apache-2.0
package dev.baton.recipes.security;

import java.security.NoSuchAlgorithmException;
import java.util.Objects;
import org.apache.zookeeper.data.Id;
import org.apache.zookeeper.server.auth.DigestAuthenticationProvider;

/**
 * An identity as ZooKeeper's ACLs name it, {@code <scheme>:<id>} (e.g. {@code digest:svc:<hash>},
 * {@code sasl:svc}, {@code x509:CN=worker-1}, {@code world:anyone}), for an {@link AclPolicy}.
 *
 * @param id the id within the scheme, as the server's authentication provider reports it
 */
public record ZkIdentity(String scheme, String id) {

  /** Validates that both parts are present and that the scheme is a plain word. */
  public ZkIdentity {
    Objects.requireNonNull(scheme, "scheme");
    Objects.requireNonNull(id, "id");
    if (!scheme.matches("[a-z0-9]{1,32}")) {
      throw new IllegalArgumentException("scheme must be a lower-case word, was '" + scheme + "'");
    }
    if (id.isEmpty() || id.length() > 1024) {
      throw new IllegalArgumentException("id must have 1 to 1024 characters, had " + id.length());
    }
  }

  /**
   * The identity of a client that authenticated with {@link Authentication#digest(String, String)}:
   * {@code digest:user:base64(sha1(user:password))}, computed as ZooKeeper computes it.
   */
  public static ZkIdentity digest(String user, String password) {
    Objects.requireNonNull(user, "user");
    Objects.requireNonNull(password, "password");
    Authentication.checkUser(user);
    Authentication.checkPassword(password);
    try {
      return new ZkIdentity(
          "digest", DigestAuthenticationProvider.generateDigest(user + ":" + password));
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException(
          "this JVM has no SHA-1, which ZooKeeper's digest scheme needs", e);
    }
  }

  /** The identity of a client that authenticated over SASL as {@code user}. */
  public static ZkIdentity sasl(String user) {
    return new ZkIdentity("sasl", Objects.requireNonNull(user, "user"));
  }

  /** A TLS client by certificate subject, RFC 2253 as {@code X500Principal.getName()} gives it. */
  public static ZkIdentity x509(String subjectDn) {
    return new ZkIdentity("x509", Objects.requireNonNull(subjectDn, "subjectDn"));
  }

  /** Everyone, authenticated or not ({@code world:anyone}). */
  public static ZkIdentity anyone() {
    return new ZkIdentity("world", "anyone");
  }

  /** This identity as ZooKeeper's {@link Id}. */
  public Id toZooKeeper() {
    return new Id(scheme, id);
  }

  @Override
  public String toString() {
    return scheme + ":" + id;
  }
}
