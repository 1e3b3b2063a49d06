// SPDX-License-Identifier: Apache-2.0
package dev.baton.spring.autoconfigure;

import org.jspecify.annotations.Nullable;

/**
 * {@code baton.tls.*}: TLS to the servers' secure client port, on when {@code trust-store} is set.
 * The connect string must then name the secure ports.
 */
public class TlsProperties {
  /** The trust store file (CA certificates that sign the servers' certificates); enables TLS. */
  private @Nullable String trustStore;

  /** The trust store's password. */
  private @Nullable String trustStorePassword;

  /** The trust store's type, PKCS12, JKS, PEM or BCFKS; by default from the file name. */
  private @Nullable String trustStoreType;

  /** The client's key store file (its key and certificate), for servers that require one. */
  private @Nullable String keyStore;

  /** The key store's password. */
  private @Nullable String keyStorePassword;

  /** The key store's type, PKCS12, JKS, PEM or BCFKS; by default from the file name. */
  private @Nullable String keyStoreType;

  /** Check that the server's certificate names the host of the connect string. */
  private boolean hostnameVerification = true;

  /** The trust store path, if set. */
  public @Nullable String getTrustStore() {
    return trustStore;
  }

  /** Sets the trust store path. */
  public void setTrustStore(@Nullable String trustStore) {
    this.trustStore = trustStore;
  }

  /** The trust store password, if set. */
  public @Nullable String getTrustStorePassword() {
    return trustStorePassword;
  }

  /** Sets the trust store password. */
  public void setTrustStorePassword(@Nullable String trustStorePassword) {
    this.trustStorePassword = trustStorePassword;
  }

  /** The trust store type, if set. */
  public @Nullable String getTrustStoreType() {
    return trustStoreType;
  }

  /** Sets the trust store type. */
  public void setTrustStoreType(@Nullable String trustStoreType) {
    this.trustStoreType = trustStoreType;
  }

  /** The key store path, if set. */
  public @Nullable String getKeyStore() {
    return keyStore;
  }

  /** Sets the key store path. */
  public void setKeyStore(@Nullable String keyStore) {
    this.keyStore = keyStore;
  }

  /** The key store password, if set. */
  public @Nullable String getKeyStorePassword() {
    return keyStorePassword;
  }

  /** Sets the key store password. */
  public void setKeyStorePassword(@Nullable String keyStorePassword) {
    this.keyStorePassword = keyStorePassword;
  }

  /** The key store type, if set. */
  public @Nullable String getKeyStoreType() {
    return keyStoreType;
  }

  /** Sets the key store type. */
  public void setKeyStoreType(@Nullable String keyStoreType) {
    this.keyStoreType = keyStoreType;
  }

  /** Whether host names are verified. */
  public boolean isHostnameVerification() {
    return hostnameVerification;
  }

  /** Sets whether host names are verified. */
  public void setHostnameVerification(boolean hostnameVerification) {
    this.hostnameVerification = hostnameVerification;
  }
}
