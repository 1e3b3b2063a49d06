/**
 * ZooKeeper fences: {@link dev.baton.fencing.zookeeper.ZkFence} (a fence znode holding the highest
 * token, advanced by a versioned compare-and-set) and {@link
 * dev.baton.fencing.zookeeper.ZkOwnershipGuard} (a check on the writer's own ownership znode), each
 * committing the caller's operations in the same multi. Guarantee: the caller's operations commit
 * only together with an accepted check; a fence znode that holds no token in Baton's format fails
 * every write with {@link dev.baton.fencing.zookeeper.MalformedFenceException} and is never
 * overwritten; a write reported rejected or failed (any {@link dev.baton.fencing.FencingException})
 * committed nothing; a multi whose answer was lost is never reported as rejected nor applied twice:
 * {@code ZkFence} repeats it against the same znode version (a repeat that commits is a certain
 * success) and otherwise reads the entry the fence znode keeps for its writer to prove the write
 * committed or never will, reporting {@link dev.baton.fencing.WriteOutcomeUnknownException} only
 * when it cannot tell (the znode unreadable, a later write of the same fence committed, or more
 * than {@code 8} other fences wrote since); {@code ZkOwnershipGuard} does not repeat it and reports
 * that exception. Not guaranteed: protection of writes that bypass these classes; for {@code
 * ZkOwnershipGuard}, knowing after a lost answer whether the write committed (read the data back).
 *
 * <h2>Errors</h2>
 *
 * <p>Every public factory, constructor and builder of this module follows one rule, checked for all
 * of them by {@code ConfigurationErrorsTest}:
 *
 * <ul>
 *   <li>a null argument is a {@link NullPointerException}, thrown at once by the method that
 *       received it (a builder's setter too), whose message is the parameter's name (for a builder
 *       setter, the setting's); a parameter annotated {@code @Nullable} accepts null, which then
 *       means the default or "none";
 *   <li>a value that is invalid (out of range, malformed, or in contradiction with another
 *       setting), and a missing required setting, is an {@link IllegalArgumentException} naming the
 *       setting and the rule: thrown by {@code build()} for a builder (setters only store), by the
 *       factory itself otherwise;
 *   <li>a call on an object in the wrong state (closed, not started) is an {@link
 *       IllegalStateException}.
 * </ul>
 *
 * <p>At run time, a write that does not happen is a {@link dev.baton.fencing.FencingException}; one
 * that may have happened (its answer was lost) is a {@link
 * dev.baton.fencing.WriteOutcomeUnknownException}.
 */
package dev.baton.fencing.zookeeper;
