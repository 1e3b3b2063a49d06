/**
 * Partition ownership: many {@link dev.baton.partition.GroupMember}s share a group's partitions; each
 * partition has exactly one owner at a time, with a {@link dev.baton.partition.PartitionLease} that carries
 * the ownership term's fencing token, and ownership moves as little as possible when members come and go.
 *
 * <p>Entry points: {@link dev.baton.partition.GroupMember} (join a group), {@link
 * dev.baton.partition.GroupConfig}, {@link dev.baton.partition.PartitionListener} (assigned and revoked
 * callbacks), {@link dev.baton.partition.GroupStatus} (a view of the whole group) and {@link
 * dev.baton.partition.GroupAdmin} (the partition set in ZooKeeper). Strategies live in {@link
 * dev.baton.partition.strategy}.
 */
package dev.baton.partition;
