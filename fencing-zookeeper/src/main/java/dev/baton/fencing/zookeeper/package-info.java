/**
 * ZooKeeper fences, each committing the caller's operations in the same multi or not at all: {@link
 * dev.baton.fencing.zookeeper.ZkFence} (a fence znode holding the highest token, advanced by a
 * versioned compare-and-set) and {@link dev.baton.fencing.zookeeper.ZkOwnershipGuard} (a check on
 * the writer's own ownership znode). A lost answer is never reported as rejected nor applied twice:
 * {@code ZkFence} repeats the multi against the same znode version or proves from its writer's
 * entry whether it committed, reporting {@link dev.baton.fencing.WriteOutcomeUnknownException} only
 * when it cannot tell; {@code ZkOwnershipGuard} does not repeat it and reports that exception. A
 * malformed fence znode fails every write ({@link
 * dev.baton.fencing.zookeeper.MalformedFenceException}). See {@code docs/recipes.md#fences}.
 */
package dev.baton.fencing.zookeeper;
