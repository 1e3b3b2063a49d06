/**
 * ZooKeeper fences: {@link dev.baton.fencing.zookeeper.ZkFence} (a fence znode holding the highest
 * token, advanced by a versioned compare-and-set) and {@link
 * dev.baton.fencing.zookeeper.ZkOwnershipGuard} (a check on the writer's own ownership znode), each
 * committing the caller's operations in the same multi, or not at all.
 *
 * <p>A fence znode that holds no token in Baton's format fails every write with {@link
 * dev.baton.fencing.zookeeper.MalformedFenceException} and is never overwritten. A multi whose
 * answer was lost is never reported as rejected nor applied twice: {@code ZkFence} repeats it
 * against the same znode version and otherwise reads the entry the fence znode keeps for its writer
 * to prove the write committed or never will, reporting {@link
 * dev.baton.fencing.WriteOutcomeUnknownException} only when it cannot tell; {@code
 * ZkOwnershipGuard} does not repeat it and reports that exception. Errors follow the rule of {@link
 * dev.baton.fencing}; details in {@code docs/recipes.md#fences}.
 */
package dev.baton.fencing.zookeeper;
