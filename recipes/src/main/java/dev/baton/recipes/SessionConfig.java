// SPDX-License-Identifier: Apache-2.0
package dev.baton.recipes;

import dev.baton.recipes.security.AclPolicy;
import dev.baton.recipes.security.Authentication;
import dev.baton.recipes.security.CuratorSecurity;
import dev.baton.recipes.security.TlsConfig;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import org.apache.curator.RetryPolicy;
import org.apache.curator.retry.ExponentialBackoffRetry;
import org.apache.curator.utils.PathUtils;
import org.jspecify.annotations.Nullable;

/**
 * Immutable settings of a {@link BatonSession}. Build with {@link #builder(String)}; every field is
 * validated by {@link Builder#build()}.
 *
 * <table>
 *   <caption>Fields and defaults</caption>
 *   <tr><th>field</th><th>default</th><th>meaning</th></tr>
 *   <tr><td>connectString</td><td>required</td><td>the ensemble, {@code host:port[,host:port...][/chroot]}
 *   as ZooKeeper reads it; a port is 1 to 65535 (2181 if left out), an IPv6 address is written in
 *   brackets ({@code [::1]:2181}); checked by {@link Builder#build()}</td></tr>
 *   <tr><td>sessionTimeout</td><td>15 s</td><td>requested session timeout; the server clamps it to
 *   its {@code minSessionTimeout} and {@code maxSessionTimeout} (by default [2, 20] ticks), and
 *   {@link BatonSession#negotiatedSessionTimeout()} tells what it granted. It bounds how long a dead or paused owner keeps its znodes: the failover time after a
 *   crash. Shorter means faster failover and more false expiries under GC or network hiccups.</td></tr>
 *   <tr><td>connectionTimeout</td><td>5 s, or the session timeout if that is shorter</td><td>how
 *   long a call waits for a connection before it fails, and how long {@link BatonSession#start}
 *   waits for the first connection. Curator warns at every start when it exceeds the session
 *   timeout, so the default follows a session timeout shorter than 5 s; a value set explicitly is
 *   kept as set</td></tr>
 *   <tr><td>retryPolicy</td><td>exponential backoff from 100 ms, 3 retries, at most 1 s</td><td>Curator
 *   retry policy for single operations</td></tr>
 *   <tr><td>namespace</td><td>none</td><td>a chroot-like prefix applied to every path</td></tr>
 *   <tr><td>closeOnJvmExit</td><td>false</td><td>close the session's recipes and then the session from
 *   a JVM shutdown hook, so that a graceful shutdown hands ownership over in milliseconds instead of
 *   after a session timeout</td></tr>
 *   <tr><td>closeTimeout</td><td>{@value #DEFAULT_CLOSE_TIMEOUT_MILLIS} ms</td><td>how long a close
 *   waits for the ensemble (for the link to come back if it is down, then for the answer): {@link
 *   BatonSession#close()} for the end of the session, a recipe's {@code close()} (or a lock's
 *   release) for the deletion of its znode. Past it the close
 *   gives up waiting, logs one line and returns: what it could not delete is deleted in the
 *   background if the link comes back, or goes when the ensemble expires the session (after the
 *   negotiated session timeout). Once one close has given up, the others of the same session skip
 *   the wait until the link is connected again, so {@code BatonSession.close()} with its recipes attached
 *   waits at most about this long for an ensemble that does not answer</td></tr>
 *   <tr><td>authentications</td><td>none</td><td>how every connection authenticates: digest or SASL
 *   ({@link Authentication}); any number of digest credentials, at most one SASL</td></tr>
 *   <tr><td>tls</td><td>none (plain)</td><td>TLS to the servers' secure client port ({@link TlsConfig});
 *   the connect string must name the secure ports</td></tr>
 *   <tr><td>aclPolicy</td><td>{@link AclPolicy#creatorOnly()} if the session authenticates (an
 *   authentication or a TLS client certificate), else {@link AclPolicy#open()}</td><td>the ACL of every
 *   znode the session's recipes create</td></tr>
 * </table>
 */
public final class SessionConfig {
  /**
   * The default {@code connectionTimeout}: 5 s, or the session timeout if that is shorter (see the
   * table above).
   */
  public static final Duration DEFAULT_CONNECTION_TIMEOUT = Duration.ofSeconds(5);

  /** The default {@code closeTimeout}, in milliseconds. */
  public static final long DEFAULT_CLOSE_TIMEOUT_MILLIS = 2000;

  /** The default {@code closeTimeout}: 2 s. */
  public static final Duration DEFAULT_CLOSE_TIMEOUT =
      Duration.ofMillis(DEFAULT_CLOSE_TIMEOUT_MILLIS);

  private final String connectString;
  private final Duration sessionTimeout;
  private final Duration connectionTimeout;
  private final RetryPolicy retryPolicy;
  private final @Nullable String namespace;
  private final boolean closeOnJvmExit;
  private final Duration closeTimeout;
  private final List<Authentication> authentications;
  private final @Nullable TlsConfig tls;
  private final AclPolicy aclPolicy;

  private SessionConfig(Builder b, AclPolicy aclPolicy) {
    this.connectString = b.connectString;
    this.sessionTimeout = b.sessionTimeout;
    this.connectionTimeout =
        b.connectionTimeout != null
            ? b.connectionTimeout
            : min(DEFAULT_CONNECTION_TIMEOUT, b.sessionTimeout);
    this.retryPolicy = b.retryPolicy;
    this.namespace = b.namespace;
    this.closeOnJvmExit = b.closeOnJvmExit;
    this.closeTimeout = b.closeTimeout;
    this.authentications = List.copyOf(b.authentications);
    this.tls = b.tls;
    this.aclPolicy = aclPolicy;
  }

  /**
   * A builder for a session to the given ensemble.
   *
   * @throws NullPointerException if {@code connectString} is null
   */
  public static Builder builder(String connectString) {
    return new Builder(Objects.requireNonNull(connectString, "connectString"));
  }

  public String connectString() {
    return connectString;
  }

  public Duration sessionTimeout() {
    return sessionTimeout;
  }

  public Duration connectionTimeout() {
    return connectionTimeout;
  }

  public RetryPolicy retryPolicy() {
    return retryPolicy;
  }

  public Optional<String> namespace() {
    return Optional.ofNullable(namespace);
  }

  public boolean closeOnJvmExit() {
    return closeOnJvmExit;
  }

  /** How long a close waits for the ensemble to answer (see the table above). */
  public Duration closeTimeout() {
    return closeTimeout;
  }

  public List<Authentication> authentications() {
    return authentications;
  }

  public Optional<TlsConfig> tls() {
    return Optional.ofNullable(tls);
  }

  /** The ACL policy of every znode the session's recipes create (after the default was applied). */
  public AclPolicy aclPolicy() {
    return aclPolicy;
  }

  private static Duration min(Duration a, Duration b) {
    return a.compareTo(b) <= 0 ? a : b;
  }

  @Override
  public String toString() {
    return "SessionConfig["
        + connectString
        + ", sessionTimeout="
        + sessionTimeout
        + ", closeTimeout="
        + closeTimeout
        + ", authentications="
        + authentications
        + ", tls="
        + tls
        + ", aclPolicy="
        + aclPolicy
        + "]";
  }

  /** Builder of {@link SessionConfig}; not thread-safe. */
  public static final class Builder {
    private final String connectString;
    private Duration sessionTimeout = Duration.ofSeconds(15);
    private @Nullable Duration connectionTimeout; // null: the default, after the session timeout
    private RetryPolicy retryPolicy = new ExponentialBackoffRetry(100, 3, 1000);
    private @Nullable String namespace;
    private boolean closeOnJvmExit;
    private Duration closeTimeout = DEFAULT_CLOSE_TIMEOUT;
    private final List<Authentication> authentications = new ArrayList<>();
    private @Nullable TlsConfig tls;
    private @Nullable AclPolicy aclPolicy;

    private Builder(String connectString) {
      this.connectString = connectString;
    }

    public Builder sessionTimeout(Duration value) {
      this.sessionTimeout = Objects.requireNonNull(value, "sessionTimeout");
      return this;
    }

    /**
     * How long a call waits for a connection; by default 5 s, or the session timeout if that is
     * shorter.
     */
    public Builder connectionTimeout(Duration value) {
      this.connectionTimeout = Objects.requireNonNull(value, "connectionTimeout");
      return this;
    }

    public Builder retryPolicy(RetryPolicy value) {
      this.retryPolicy = Objects.requireNonNull(value, "retryPolicy");
      return this;
    }

    /** A chroot-like prefix of every path; {@code null} for none (the default). */
    public Builder namespace(@Nullable String value) {
      this.namespace = value;
      return this;
    }

    public Builder closeOnJvmExit(boolean value) {
      this.closeOnJvmExit = value;
      return this;
    }

    /**
     * How long a close waits for the ensemble to answer before it gives up (default 2 s); see the
     * table above.
     */
    public Builder closeTimeout(Duration value) {
      this.closeTimeout = Objects.requireNonNull(value, "closeTimeout");
      return this;
    }

    /** Adds an authentication of every connection; see {@link Authentication}. */
    public Builder authentication(Authentication value) {
      authentications.add(Objects.requireNonNull(value, "authentication"));
      return this;
    }

    /** Connects with TLS; {@code null} for a plain connection (the default). */
    public Builder tls(@Nullable TlsConfig value) {
      this.tls = value;
      return this;
    }

    /** The ACL of every znode the session's recipes create; {@code null} for the default. */
    public Builder aclPolicy(@Nullable AclPolicy value) {
      this.aclPolicy = value;
      return this;
    }

    /**
     * Validates and builds.
     *
     * @throws IllegalArgumentException naming the first invalid field
     */
    public SessionConfig build() {
      ConnectString.check(connectString);
      requirePositive("sessionTimeout", sessionTimeout);
      if (connectionTimeout != null) {
        requirePositive("connectionTimeout", connectionTimeout);
      }
      requirePositive("closeTimeout", closeTimeout);
      if (sessionTimeout.toMillis() > Integer.MAX_VALUE
          || (connectionTimeout != null && connectionTimeout.toMillis() > Integer.MAX_VALUE)
          || closeTimeout.toMillis() > Integer.MAX_VALUE) {
        throw new IllegalArgumentException("timeouts must fit in an int of milliseconds");
      }
      if (namespace != null) {
        try {
          PathUtils.validatePath("/" + namespace);
        } catch (IllegalArgumentException e) {
          throw new IllegalArgumentException(
              "invalid namespace '" + namespace + "': " + e.getMessage(), e);
        }
      }
      boolean authenticates =
          !authentications.isEmpty() || (tls != null && tls.keyStore().isPresent());
      AclPolicy policy =
          aclPolicy != null
              ? aclPolicy
              : authenticates ? AclPolicy.creatorOnly() : AclPolicy.open();
      CuratorSecurity.check(authentications, tls, policy);
      return new SessionConfig(this, policy);
    }

    private static void requirePositive(String name, Duration d) {
      if (d.isNegative() || d.isZero()) {
        throw new IllegalArgumentException(name + " must be a positive duration, was " + d);
      }
    }
  }
}
