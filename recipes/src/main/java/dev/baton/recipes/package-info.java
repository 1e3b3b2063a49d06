/**
 * Baton's ZooKeeper recipes and the session they share.
 *
 * <p>{@link dev.baton.recipes.BatonSession} owns one ZooKeeper session and its connection state;
 * every recipe (the {@linkplain dev.baton.recipes.election election}, and the lock and scheduler
 * that build on it) consumes a session instead of managing liveness itself, as etcd's concurrency
 * package does.
 *
 * <p>Errors are unchecked: {@link dev.baton.recipes.CoordinationException} and its subclasses carry
 * the context (path, participant, token) needed to understand them.
 */
package dev.baton.recipes;
