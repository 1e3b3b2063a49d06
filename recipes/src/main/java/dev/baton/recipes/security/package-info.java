/**
 * Securing the coordination paths: who a session is ({@link
 * dev.baton.recipes.security.Authentication}), who may touch what Baton creates ({@link
 * dev.baton.recipes.security.AclPolicy}, {@link dev.baton.recipes.security.ZkIdentity}, {@link
 * dev.baton.recipes.security.AclMigration}) and how the bytes travel ({@link
 * dev.baton.recipes.security.TlsConfig}). Configure them on {@link
 * dev.baton.recipes.SessionConfig}; {@link dev.baton.recipes.security.CuratorSecurity} applies them
 * to your own Curator builder. Threat model: the README's security section.
 */
package dev.baton.recipes.security;
