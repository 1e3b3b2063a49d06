/**
 * Partition ownership: many {@link dev.baton.partition.GroupMember}s share a group's partitions;
 * each partition has exactly one owner at a time, with a {@link
 * dev.baton.partition.PartitionOwnership} that carries the ownership term's fencing token, and
 * ownership moves as little as possible when members come and go (see docs/partitions.md).
 *
 * <p>Every public type here is thread-safe or immutable. Errors (checked by {@code
 * ConfigurationErrorsTest}): a null argument is a {@link NullPointerException} naming it (a
 * {@code @Nullable} one means the default or "none"); an invalid or missing setting an {@link
 * IllegalArgumentException} naming it, from {@code build()} for a builder; a call in the wrong
 * state an {@link IllegalStateException}. At run time, ZooKeeper failures are {@link
 * dev.baton.recipes.CoordinationException}s and malformed records {@link
 * dev.baton.partition.MalformedRecordException}s.
 *
 * <p>The package-private classes are the machinery (layout: docs/partitions.md). Machines and io
 * state are confined to the member's one loop; other threads only enqueue events on it, except that
 * a link going down drops every ownership's signal at once. User callbacks run only on their
 * partition's callback loop, never on the member's loop, ZooKeeper's threads, nor under a lock.
 */
package dev.baton.partition;
