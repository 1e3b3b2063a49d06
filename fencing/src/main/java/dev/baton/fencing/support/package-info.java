/**
 * Shared helpers for Baton's own modules: argument and configuration checks, token scopes, the
 * escaping of untrusted text for messages and logs, and the strict decoder of the small text
 * records Baton reads back from ZooKeeper.
 *
 * <p>This package is public only because Baton's modules (fencing, recipes, partition assignment)
 * need these helpers across module boundaries, and a module may not reach into another module's
 * {@code internal} packages. It is <em>not</em> a stable API for applications: it may change or go
 * away in any release without notice. Applications should use the documented packages ({@code
 * dev.baton.fencing}, {@code dev.baton.recipes...}, {@code dev.baton.partition...}).
 */
package dev.baton.fencing.support;
