// SPDX-License-Identifier: Apache-2.0
package dev.baton.recipes.security;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Objects;
import java.util.Optional;
import org.jspecify.annotations.Nullable;

/**
 * TLS between a session and the ensemble: ZooKeeper's secure client port ({@code secureClientPort},
 * served by the Netty connection factory). Build with {@link #builder()} and pass to {@link
 * dev.baton.recipes.SessionConfig.Builder#tls(TlsConfig)}; the connect string must then name the
 * servers' secure ports.
 *
 * <table>
 *   <caption>Fields and defaults</caption>
 *   <tr><th>field</th><th>default</th><th>meaning</th></tr>
 *   <tr><td>trustStore</td><td>required</td><td>the CA certificates the client trusts to sign a
 *   server's certificate; type from the file name ({@code .p12}/{@code .pfx} PKCS12, {@code .jks},
 *   {@code .pem}, {@code .bcfks}) unless {@code trustStoreType} is set</td></tr>
 *   <tr><td>trustStorePassword</td><td>none</td><td>its password</td></tr>
 *   <tr><td>keyStore</td><td>none</td><td>the client's key and certificate. ZooKeeper servers require a
 *   client certificate by default ({@code ssl.clientAuth=need}); the server then also knows the client
 *   as {@code x509:<subject>}, an identity the {@link AclPolicy} can use.</td></tr>
 *   <tr><td>keyStorePassword</td><td>none</td><td>its password</td></tr>
 *   <tr><td>keyStoreType, trustStoreType</td><td>from the file name</td><td>{@code PKCS12}, {@code JKS},
 *   {@code PEM} or {@code BCFKS}</td></tr>
 *   <tr><td>hostnameVerification</td><td>true</td><td>check that the server's certificate names the
 *   host in the connect string (subject alternative names); turn off only for tests</td></tr>
 * </table>
 *
 * <p>{@code toString()} never shows a password. Immutable.
 */
public final class TlsConfig {
  private final Path trustStore;
  private final @Nullable String trustStorePassword;
  private final @Nullable String trustStoreType;
  private final @Nullable Path keyStore;
  private final @Nullable String keyStorePassword;
  private final @Nullable String keyStoreType;
  private final boolean hostnameVerification;

  private TlsConfig(Builder b, Path trustStore) {
    this.trustStore = trustStore;
    this.trustStorePassword = b.trustStorePassword;
    this.trustStoreType = b.trustStoreType;
    this.keyStore = b.keyStore;
    this.keyStorePassword = b.keyStorePassword;
    this.keyStoreType = b.keyStoreType;
    this.hostnameVerification = b.hostnameVerification;
  }

  public static Builder builder() {
    return new Builder();
  }

  public Path trustStore() {
    return trustStore;
  }

  public Optional<Path> keyStore() {
    return Optional.ofNullable(keyStore);
  }

  public Optional<String> trustStoreType() {
    return Optional.ofNullable(trustStoreType);
  }

  public Optional<String> keyStoreType() {
    return Optional.ofNullable(keyStoreType);
  }

  public boolean hostnameVerification() {
    return hostnameVerification;
  }

  Optional<String> trustStorePassword() {
    return Optional.ofNullable(trustStorePassword);
  }

  Optional<String> keyStorePassword() {
    return Optional.ofNullable(keyStorePassword);
  }

  @Override
  public String toString() {
    return "TlsConfig[trustStore="
        + trustStore
        + ", keyStore="
        + keyStore
        + ", hostnameVerification="
        + hostnameVerification
        + "]";
  }

  /** Builder of {@link TlsConfig}; not thread-safe. */
  public static final class Builder {
    private @Nullable Path trustStore;
    private @Nullable String trustStorePassword;
    private @Nullable String trustStoreType;
    private @Nullable Path keyStore;
    private @Nullable String keyStorePassword;
    private @Nullable String keyStoreType;
    private boolean hostnameVerification = true;

    private Builder() {}

    /** The trust store and its password ({@code null} for none). */
    public Builder trustStore(Path location, @Nullable String password) {
      this.trustStore = Objects.requireNonNull(location, "trustStore");
      this.trustStorePassword = password;
      return this;
    }

    /** The client's key store and its password ({@code null} for none). */
    public Builder keyStore(Path location, @Nullable String password) {
      this.keyStore = Objects.requireNonNull(location, "keyStore");
      this.keyStorePassword = password;
      return this;
    }

    public Builder trustStoreType(@Nullable String type) {
      this.trustStoreType = type;
      return this;
    }

    public Builder keyStoreType(@Nullable String type) {
      this.keyStoreType = type;
      return this;
    }

    public Builder hostnameVerification(boolean value) {
      this.hostnameVerification = value;
      return this;
    }

    /**
     * Validates and builds.
     *
     * @throws IllegalArgumentException if the trust store is missing, a store is not a readable
     *     file, or a type is not one ZooKeeper knows
     */
    public TlsConfig build() {
      if (trustStore == null) {
        throw new IllegalArgumentException(
            "trustStore is required: without it no server can be verified");
      }
      requireReadable("trustStore", trustStore);
      if (keyStore != null) {
        requireReadable("keyStore", keyStore);
      }
      checkType("trustStoreType", trustStoreType);
      checkType("keyStoreType", keyStoreType);
      return new TlsConfig(this, trustStore);
    }

    private static void requireReadable(String name, Path file) {
      Objects.requireNonNull(file, name);
      if (!Files.isRegularFile(file) || !Files.isReadable(file)) {
        throw new IllegalArgumentException(name + " " + file + " is not a readable file");
      }
    }

    private static void checkType(String name, @Nullable String type) {
      if (type != null && !type.matches("(?i)PKCS12|JKS|PEM|BCFKS")) {
        throw new IllegalArgumentException(
            name + " must be PKCS12, JKS, PEM or BCFKS, was '" + type + "'");
      }
    }
  }
}
