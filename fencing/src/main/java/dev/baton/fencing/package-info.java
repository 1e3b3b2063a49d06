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
 * <h2>Guarantees</h2>
 *
 * <ul>
 *   <li>Accepted tokens of a resource never go down; a write below the high-water mark is never
 *       accepted.
 *   <li>A rejected or failed write leaves nothing of itself in a transactional store (SQL,
 *       ZooKeeper).
 *   <li>A resource accepts tokens of one scope only (the scope of the first token it accepted).
 * </ul>
 *
 * <h2>Not guaranteed</h2>
 *
 * <ul>
 *   <li>Protection of writes that do not go through a fence.
 *   <li>Rollback of what a failed action did in memory ({@code InMemoryFence}).
 *   <li>Ordering between two writers of the same term (equal tokens): that is one owner's business.
 * </ul>
 */
package dev.baton.fencing;
