/**
 * Internals of partition ownership shared by the API, the member and the assigner: the group's
 * znode layout and ids ({@link dev.baton.partition.internal.GroupPaths}), the blocking reads and
 * writes of its znodes ({@link dev.baton.partition.internal.Znodes}), the stored records ({@link
 * dev.baton.partition.internal.AssignmentRecord}, {@link
 * dev.baton.partition.internal.RecordFormat}) and a member's meters ({@link
 * dev.baton.partition.internal.GroupMetrics}). The member and the assigner are {@link
 * dev.baton.partition.internal.member} and {@link dev.baton.partition.internal.assigner}, each with
 * one public entry.
 *
 * <p>Threading: records are immutable; the meters are thread-safe; znode calls block their caller
 * and watches fire on ZooKeeper's event thread. Not an API.
 */
package dev.baton.partition.internal;
