/**
 * Baton's ZooKeeper session and what every recipe shares: {@link dev.baton.recipes.BatonSession}
 * owns a session and its connection state, and recipes consume it (or another {@link
 * dev.baton.recipes.backend.Backend}) instead of managing liveness, as etcd's concurrency package
 * does. Errors follow {@link dev.baton.fencing}'s rule ({@code ConfigurationErrorsTest}); at run
 * time they are unchecked {@link dev.baton.recipes.CoordinationException}s with path, participant
 * and token.
 */
package dev.baton.recipes;
