/**
 * ZooKeeper fences: {@link dev.baton.fencing.zookeeper.ZkFence} (a fence znode holding the highest
 * token, advanced by a versioned compare-and-set) and {@link
 * dev.baton.fencing.zookeeper.ZkOwnershipGuard} (a check on the writer's own ownership znode), each
 * committing the caller's operations in the same multi. Guarantee: the caller's operations commit
 * only together with an accepted check; a fence znode that holds no token in Baton's format fails
 * every write with {@link dev.baton.fencing.zookeeper.MalformedFenceException} and is never
 * overwritten. Not guaranteed: protection of writes that bypass these classes.
 */
package dev.baton.fencing.zookeeper;
