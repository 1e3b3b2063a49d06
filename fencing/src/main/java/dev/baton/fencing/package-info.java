/**
 * Fencing tokens and the stores that enforce them. The recipes hand out one {@link
 * dev.baton.fencing.FencingToken} per term, increasing per election or lock path; a {@link
 * dev.baton.fencing.Fence} rejects a lower one atomically with the caller's write. Stores: SQL
 * ({@code sql}), ZooKeeper ({@code baton-fencing-zookeeper}), {@link
 * dev.baton.fencing.InMemoryFence}. Errors, as in all modules: a null argument is a {@link
 * NullPointerException} naming it ({@code @Nullable}: default or "none"), an invalid setting an
 * {@link IllegalArgumentException}, a wrong-state call an {@link IllegalStateException}; a write
 * that did not happen a {@link dev.baton.fencing.FencingException}, one that may have a {@link
 * dev.baton.fencing.WriteOutcomeUnknownException}. Guarantees: {@code docs/recipes.md#fences}.
 */
package dev.baton.fencing;
