/**
 * Partition ownership: {@link dev.baton.partition.GroupMember}s share a group's partitions, each
 * with one owner at a time holding a {@link dev.baton.partition.PartitionOwnership} with the term's
 * fencing token; ownership moves as little as possible as members come and go (docs/partitions.md).
 *
 * <p>Every public type here is thread-safe or immutable. A null argument is a {@link
 * NullPointerException} naming it ({@code @Nullable} means the default or "none"); an invalid
 * setting an {@link IllegalArgumentException} naming it (from {@code build()} for a builder); a
 * call in the wrong state an {@link IllegalStateException}. At run time, ZooKeeper failures are
 * {@link dev.baton.recipes.CoordinationException}s and malformed records {@link
 * dev.baton.partition.MalformedRecordException}s.
 *
 * <p>The package-private classes are the machinery, confined to the member's one loop: other
 * threads only enqueue events on it, except that a link going down drops every ownership's signal
 * at once. Callbacks run only on their partition's callback loop.
 */
package dev.baton.partition;
