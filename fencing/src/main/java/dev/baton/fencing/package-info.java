/**
 * Fencing tokens and the stores that enforce them.
 *
 * <p>{@link dev.baton.fencing.FencingToken} is a comparable value with a scope; the recipes hand
 * out one per term, strictly increasing on one election or lock path. A {@link
 * dev.baton.fencing.Fence} remembers the highest token each resource accepted and rejects a lower
 * one ({@link dev.baton.fencing.StaleTokenException}) atomically with the caller's own write.
 * Stores: SQL ({@code sql}), ZooKeeper (the {@code baton-fencing-zookeeper} artifact) and {@link
 * dev.baton.fencing.InMemoryFence}.
 *
 * <p>Errors follow every Baton module ({@code ConfigurationErrorsTest}): a null argument is a
 * {@link NullPointerException} naming it (a {@code @Nullable} one means the default or "none"); an
 * invalid setting an {@link IllegalArgumentException} naming it; a call in the wrong state an
 * {@link IllegalStateException}. A write that did not happen is a {@link
 * dev.baton.fencing.FencingException}; one that may have (its answer was lost) a {@link
 * dev.baton.fencing.WriteOutcomeUnknownException}. Guarantees: {@code docs/recipes.md#fences}.
 */
package dev.baton.fencing;
