/**
 * Partition ownership: many {@link dev.baton.partition.GroupMember}s share a group's partitions;
 * each partition has exactly one owner at a time, with a {@link
 * dev.baton.partition.PartitionOwnership} that carries the ownership term's fencing token, and
 * ownership moves as little as possible when members come and go (see docs/partitions.md).
 *
 * <p>Every public type here is thread-safe or immutable. Errors, for every public factory,
 * constructor and builder (checked by {@code ConfigurationErrorsTest}): a null argument is a {@link
 * NullPointerException} named after the parameter or setting, thrown at once ({@code @Nullable}
 * parameters accept null, meaning the default or "none"); an invalid value or a missing required
 * setting is an {@link IllegalArgumentException} naming the setting, thrown by {@code build()} for
 * a builder; a call in the wrong state is an {@link IllegalStateException}. At run time, ZooKeeper
 * failures are {@link dev.baton.recipes.CoordinationException}s and malformed records {@link
 * dev.baton.partition.MalformedRecordException}s.
 *
 * <p>The package-private classes are the machinery, kept here so no application sees them: the
 * member (the pure {@code MemberMachine}, its io {@code MemberIo}, the ownership handles and the
 * per-partition callback loops), the assigner (the pure {@code AssignerMachine} and {@code
 * AssignerIo}) and what both share (znode layout, stored records, meters). Threading: machines and
 * io state are confined to the member's one loop; other threads only enqueue events on it, except
 * that a link going down drops every ownership's signal at once. User callbacks run only on their
 * partition's callback loop, never on the member's loop, ZooKeeper's threads, nor under a lock.
 */
package dev.baton.partition;
