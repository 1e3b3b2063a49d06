/**
 * Internals of partition ownership shared by the member and the assigner: the group's znode layout
 * ({@link dev.baton.partition.internal.GroupPaths}), its persistent parents, member ids, partition
 * ranges, the meters ({@link dev.baton.partition.internal.GroupMetrics}) and the reader of a
 * group's status. Subpackages: {@link dev.baton.partition.internal.record} (stored records, pure),
 * {@link dev.baton.partition.internal.member} (the member's machine and I/O) and {@link
 * dev.baton.partition.internal.assigner} (the assigner's machine and I/O).
 *
 * <p>Threading: the value types and codecs here are immutable; the meters are thread-safe; the
 * status reader and the parent creation block their caller. Not an API.
 */
package dev.baton.partition.internal;
