/**
 * Baton's ZooKeeper session and what every recipe shares.
 *
 * <p>{@link dev.baton.recipes.BatonSession} owns one ZooKeeper session and its connection state;
 * every recipe consumes a session (or another {@link dev.baton.recipes.backend.Backend}) instead of
 * managing liveness itself, as etcd's concurrency package does.
 *
 * <p>Errors follow the rule stated in {@link dev.baton.fencing} (checked by {@code
 * ConfigurationErrorsTest}). At run time, errors are unchecked: {@link
 * dev.baton.recipes.CoordinationException} and its subclasses carry the context (path, participant,
 * token) needed to understand them.
 */
package dev.baton.recipes;
