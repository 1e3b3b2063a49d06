// SPDX-License-Identifier: Apache-2.0
package dev.baton.spring.autoconfigure;

import org.jspecify.annotations.Nullable;

/**
 * {@code baton.tls.*}: TLS to the servers' secure client port (which the connect string must name),
 * on when {@code trust-store} is set; unset values take {@code TlsConfig}'s defaults.
 *
 * @param trustStore The trust store file (CAs signing the servers' certificates); enables TLS.
 * @param trustStorePassword The trust store's password.
 * @param trustStoreType Trust store type: PKCS12, JKS, PEM or BCFKS; default from the file name.
 * @param keyStore The client's key store file (key and certificate), for servers requiring one.
 * @param keyStorePassword The key store's password.
 * @param keyStoreType The key store type: PKCS12, JKS, PEM or BCFKS; default from the file name.
 * @param hostnameVerification Check that the server's certificate names the connect string's host.
 */
public record TlsProperties(
    @Nullable String trustStore,
    @Nullable String trustStorePassword,
    @Nullable String trustStoreType,
    @Nullable String keyStore,
    @Nullable String keyStorePassword,
    @Nullable String keyStoreType,
    @Nullable Boolean hostnameVerification) {}
