/**
 * Baton's ZooKeeper session and what every recipe shares: recipes consume a {@link
 * dev.baton.recipes.BatonSession} (or another {@link dev.baton.recipes.backend.Backend}) instead of
 * managing liveness. Run-time errors are unchecked {@link dev.baton.recipes.CoordinationException}s
 * naming path, participant and token.
 */
package dev.baton.recipes;
