/**
 * Securing the coordination paths: who a session is ({@link
 * dev.baton.recipes.security.Authentication}: digest or SASL), who may touch what Baton creates
 * ({@link dev.baton.recipes.security.AclPolicy}, one policy for every znode, {@link
 * dev.baton.recipes.security.ZkIdentity} for grants, {@link
 * dev.baton.recipes.security.AclMigration} for existing paths) and how the bytes travel ({@link
 * dev.baton.recipes.security.TlsConfig}: TLS to ZooKeeper's secure client port).
 *
 * <p>Configure them on {@link dev.baton.recipes.SessionConfig}; {@link
 * dev.baton.recipes.security.CuratorSecurity} applies them to a Curator builder of your own. The
 * README's security section holds the threat model: what an unauthenticated client, a client of
 * another service and a compromised worker can and cannot do.
 */
package dev.baton.recipes.security;
