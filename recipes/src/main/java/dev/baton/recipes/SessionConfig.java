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
 * Immutable settings of a {@link BatonSession}, validated by {@link Builder#build()}. Defaults:
 * sessionTimeout 15 s (the servers clamp it: {@link BatonSession#negotiatedSessionTimeout()}),
 * connectionTimeout 5 s or the session timeout if shorter, Curator's exponential retry from 100 ms
 * (3 retries, at most 1 s), no namespace, closeOnJvmExit false, closeTimeout {@value
 * #DEFAULT_CLOSE_TIMEOUT_MILLIS} ms, no authentication or TLS, and {@link AclPolicy#creatorOnly()}
 * if the session authenticates, else {@link AclPolicy#open()}. The connect string is ZooKeeper's
 * {@code host[:port][,host[:port]...][/chroot]} (ports 1 to 65535, default 2181, IPv6 in brackets).
 * Details: {@code docs/recipes.md} and {@code docs/security.md}.
 */
public record SessionConfig(
    String connectString,
    Duration sessionTimeout,
    Duration connectionTimeout,
    RetryPolicy retryPolicy,
    Optional<String> namespace,
    boolean closeOnJvmExit,
    Duration closeTimeout,
    List<Authentication> authentications,
    Optional<TlsConfig> tls,
    AclPolicy aclPolicy) {
  /** The default {@code connectionTimeout}: 5 s, or the session timeout if that is shorter. */
  public static final Duration DEFAULT_CONNECTION_TIMEOUT = Duration.ofSeconds(5);

  /** The default {@code closeTimeout}, in milliseconds. */
  public static final long DEFAULT_CLOSE_TIMEOUT_MILLIS = 2000;

  /** The default {@code closeTimeout}: 2 s. */
  public static final Duration DEFAULT_CLOSE_TIMEOUT =
      Duration.ofMillis(DEFAULT_CLOSE_TIMEOUT_MILLIS);

  /**
   * Checks every setting and their relations.
   *
   * @throws NullPointerException naming a null setting
   * @throws IllegalArgumentException naming the first invalid setting
   */
  public SessionConfig {
    ConnectString.check(Objects.requireNonNull(connectString, "connectString"));
    requirePositive("sessionTimeout", sessionTimeout);
    requirePositive("connectionTimeout", connectionTimeout);
    requirePositive("closeTimeout", closeTimeout);
    if (sessionTimeout.toMillis() > Integer.MAX_VALUE
        || connectionTimeout.toMillis() > Integer.MAX_VALUE
        || closeTimeout.toMillis() > Integer.MAX_VALUE) {
      throw new IllegalArgumentException("timeouts must fit in an int of milliseconds");
    }
    Objects.requireNonNull(retryPolicy, "retryPolicy");
    Objects.requireNonNull(namespace, "namespace")
        .ifPresent(
            n -> {
              try {
                PathUtils.validatePath("/" + n);
              } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException(
                    "invalid namespace '" + n + "': " + e.getMessage(), e);
              }
            });
    authentications = List.copyOf(Objects.requireNonNull(authentications, "authentications"));
    CuratorSecurity.check(
        authentications,
        Objects.requireNonNull(tls, "tls").orElse(null),
        Objects.requireNonNull(aclPolicy, "aclPolicy"));
  }

  /** A builder for a session to the ensemble {@code connectString} (not null). */
  public static Builder builder(String connectString) {
    return new Builder(Objects.requireNonNull(connectString, "connectString"));
  }

  private static void requirePositive(String name, Duration d) {
    if (Objects.requireNonNull(d, name).isNegative() || d.isZero()) {
      throw new IllegalArgumentException(name + " must be a positive duration, was " + d);
    }
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
        + tls.orElse(null)
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

    /** How long a call waits for a connection; default 5 s, or the session timeout if shorter. */
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

    /** How long a close waits for the ensemble to answer before it gives up (default 2 s). */
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

    /** Validates and builds; an IllegalArgumentException names the first invalid field. */
    public SessionConfig build() {
      ConnectString.check(connectString);
      requirePositive("sessionTimeout", sessionTimeout);
      boolean authenticates =
          !authentications.isEmpty() || (tls != null && tls.keyStore().isPresent());
      return new SessionConfig(
          connectString,
          sessionTimeout,
          connectionTimeout != null
              ? connectionTimeout
              : min(DEFAULT_CONNECTION_TIMEOUT, sessionTimeout),
          retryPolicy,
          Optional.ofNullable(namespace),
          closeOnJvmExit,
          closeTimeout,
          authentications,
          Optional.ofNullable(tls),
          aclPolicy != null
              ? aclPolicy
              : authenticates ? AclPolicy.creatorOnly() : AclPolicy.open());
    }
  }
}
