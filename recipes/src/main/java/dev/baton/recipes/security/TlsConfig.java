// SPDX-License-Identifier: Apache-2.0
package dev.baton.recipes.security;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Objects;
import java.util.Optional;
import org.jspecify.annotations.Nullable;

/**
 * TLS (Netty) to the ensemble's {@code secureClientPort}, named in the connect string; see {@link
 * dev.baton.recipes.SessionConfig.Builder#tls(TlsConfig)}. The trust store (required) holds the
 * servers' CA certificates; the key store (optional) the client's key and certificate, which
 * servers require by default ({@code ssl.clientAuth=need}) and know as {@code x509:<subject>}.
 * Store types ({@code PKCS12}, {@code JKS}, {@code PEM}, {@code BCFKS}) follow the file name unless
 * set. Turn hostname verification off only in tests. Immutable; shows no password.
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

    /** Validates (stores readable, types known to ZooKeeper) and builds. */
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
