/**
 * Partition ownership: many {@link dev.baton.partition.GroupMember}s share a group's partitions;
 * each partition has exactly one owner at a time, with a {@link dev.baton.partition.PartitionLease}
 * that carries the ownership term's fencing token, and ownership moves as little as possible when
 * members come and go.
 *
 * <p>Entry points: {@link dev.baton.partition.GroupMember} (join a group), {@link
 * dev.baton.partition.GroupConfig}, {@link dev.baton.partition.PartitionListener} (assigned and
 * revoked callbacks), {@link dev.baton.partition.GroupStatus} (a view of the whole group) and
 * {@link dev.baton.partition.GroupAdmin} (the partition set in ZooKeeper). Strategies live in
 * {@link dev.baton.partition.strategy}.
 *
 * <p>Threading: every public type here is thread-safe or immutable. A member does all its ZooKeeper
 * I/O and decisions on one loop thread of its own (the assigner's included), runs the listener's
 * callbacks on its own callback pool (never on the loop, ZooKeeper's or Curator's threads, nor
 * under a lock), and its assigner election runs two threads. {@link
 * dev.baton.partition.GroupStatus#read} and {@link dev.baton.partition.GroupAdmin} block the
 * calling thread.
 */
package dev.baton.partition;
