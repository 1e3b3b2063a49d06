/**
 * Fencing tokens and the stores that enforce them.
 *
 * <p>{@link dev.baton.fencing.FencingToken} is a comparable value with a scope; the recipes hand
 * out one per ownership term, strictly increasing on one election or lock path. A {@link
 * dev.baton.fencing.Fence} turns that number into safety: it remembers the highest token each
 * resource accepted and rejects a lower one ({@link dev.baton.fencing.StaleTokenException})
 * atomically with the caller's own write, even when the stale owner still believes it owns the
 * resource. Stores: SQL ({@code sql}, PostgreSQL and H2), ZooKeeper ({@code
 * dev.baton.fencing.zookeeper}, in the separate {@code baton-fencing-zookeeper} artifact) and
 * {@link dev.baton.fencing.InMemoryFence}.
 *
 * <h2>Errors</h2>
 *
 * <p>Every public factory, constructor and builder of this module follows one rule, checked for all
 * of them by {@code ConfigurationErrorsTest}:
 *
 * <ul>
 *   <li>a null argument is a {@link NullPointerException}, thrown at once by the method that
 *       received it (a builder's setter too), whose message is the parameter's name (for a builder
 *       setter, the setting's); a parameter annotated {@code @Nullable} accepts null, which then
 *       means the default or "none";
 *   <li>a value that is invalid (out of range, malformed, or in contradiction with another
 *       setting), and a missing required setting, is an {@link IllegalArgumentException} naming the
 *       setting and the rule: thrown by {@code build()} for a builder (setters only store), by the
 *       factory itself otherwise;
 *   <li>a call on an object in the wrong state (closed, not started) is an {@link
 *       IllegalStateException}.
 * </ul>
 *
 * <p>At run time, a write that does not happen is a {@link dev.baton.fencing.FencingException}
 * (stale token, foreign scope, a store that cannot be used as configured, or a failed store); one
 * that may have happened (its commit was sent, the answer lost) is a {@link
 * dev.baton.fencing.WriteOutcomeUnknownException}.
 *
 * <h2>Guarantees</h2>
 *
 * <ul>
 *   <li>Accepted tokens of a resource never go down; a write below the high-water mark is never
 *       accepted.
 *   <li>A rejected or failed write leaves nothing of itself in a transactional store (SQL,
 *       ZooKeeper).
 *   <li>A resource accepts tokens of one scope only (the scope of the first token it accepted).
 *   <li>A write reported as rejected ({@link dev.baton.fencing.StaleTokenException}) or failed (any
 *       {@link dev.baton.fencing.FencingException}) committed nothing. A write whose commit was
 *       sent but whose answer was lost is reported as {@link
 *       dev.baton.fencing.WriteOutcomeUnknownException} (it may have committed), never as either.
 * </ul>
 *
 * <h2>Not guaranteed</h2>
 *
 * <ul>
 *   <li>Protection of writes that do not go through a fence.
 *   <li>Rollback of what a failed action did in memory ({@code InMemoryFence}).
 *   <li>Ordering between two writers of the same term (equal tokens): that is one owner's business.
 *   <li>Knowing whether a write with an unknown outcome committed: read the store back.
 * </ul>
 */
package dev.baton.fencing;
