/**
 * ZooKeeper fences: {@link dev.baton.fencing.zookeeper.ZkFence} (a fence znode holding the highest
 * token, advanced by a versioned compare-and-set) and {@link
 * dev.baton.fencing.zookeeper.ZkOwnershipGuard} (a check on the writer's own ownership znode), each
 * committing the caller's operations in the same multi. Guarantee: the caller's operations commit
 * only together with an accepted check; a fence znode that holds no token in Baton's format fails
 * every write with {@link dev.baton.fencing.zookeeper.MalformedFenceException} and is never
 * overwritten. Not guaranteed: protection of writes that bypass these classes.
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
 * <p>At run time, a write that does not happen is a {@link dev.baton.fencing.FencingException}.
 */
package dev.baton.fencing.zookeeper;
