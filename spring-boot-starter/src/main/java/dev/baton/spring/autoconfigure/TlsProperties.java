// SPDX-License-Identifier: Apache-2.0
package dev.baton.spring.autoconfigure;

import org.jspecify.annotations.Nullable;

/**
 * {@code baton.tls.*}: TLS to the servers' secure client port, on when {@code trust-store} is set.
 * The connect string must then name the secure ports. Unset values take {@code TlsConfig}'s
 * defaults.
 *
 * @param trustStore The trust store file (CA certificates that sign the servers' certificates);
 *     enables TLS.
 * @param trustStorePassword The trust store's password.
 * @param trustStoreType The trust store's type, PKCS12, JKS, PEM or BCFKS; by default from the file
 *     name.
 * @param keyStore The client's key store file (its key and certificate), for servers that require
 *     one.
 * @param keyStorePassword The key store's password.
 * @param keyStoreType The key store's type, PKCS12, JKS, PEM or BCFKS; by default from the file
 *     name.
 * @param hostnameVerification Check that the server's certificate names the host of the connect
 *     string.
 */
public record TlsProperties(
    @Nullable String trustStore,
    @Nullable String trustStorePassword,
    @Nullable String trustStoreType,
    @Nullable String keyStore,
    @Nullable String keyStorePassword,
    @Nullable String keyStoreType,
    @Nullable Boolean hostnameVerification) {}
