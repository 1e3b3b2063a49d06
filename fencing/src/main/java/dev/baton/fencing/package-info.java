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
 * <p>Errors, as in every Baton module (checked by {@code ConfigurationErrorsTest}): a null argument
 * is a {@link NullPointerException} naming the parameter, thrown at once (unless it is
 * {@code @Nullable}: then it means the default or "none"); an invalid, missing or contradictory
 * setting is an {@link IllegalArgumentException} naming it, thrown by {@code build()} or the
 * factory; a call in the wrong state is an {@link IllegalStateException}. At run time, a write that
 * does not happen is a {@link dev.baton.fencing.FencingException} (it committed nothing); one that
 * may have happened (its answer was lost) is a {@link
 * dev.baton.fencing.WriteOutcomeUnknownException}, never reported as a rejection. Guarantees and
 * non-guarantees: {@code docs/recipes.md#fences}.
 */
package dev.baton.fencing;
