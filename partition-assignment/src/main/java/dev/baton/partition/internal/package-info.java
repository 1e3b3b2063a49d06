/**
 * Internals of partition ownership shared by the member and the assigner: member ids, partition
 * ranges and the meters ({@link dev.baton.partition.internal.GroupMetrics}). Subpackages: {@link
 * dev.baton.partition.internal.record} (stored records, pure), {@link
 * dev.baton.partition.internal.member} (the member's machine and I/O), {@link
 * dev.baton.partition.internal.assigner} (the assigner's machine and I/O) and {@link
 * dev.baton.partition.internal.zk} (every ZooKeeper call).
 *
 * <p>Threading: the value types and codecs here are immutable; the meters are thread-safe. Not an
 * API.
 */
package dev.baton.partition.internal;
