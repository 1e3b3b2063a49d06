/**
 * Partition ownership: many {@link dev.baton.partition.GroupMember}s share a group's partitions;
 * each partition has exactly one owner at a time, with a {@link
 * dev.baton.partition.PartitionOwnership} that carries the ownership term's fencing token, and
 * ownership moves as little as possible when members come and go.
 *
 * <p>Entry points: {@link dev.baton.partition.GroupMember} (join a group), {@link
 * dev.baton.partition.GroupConfig}, {@link dev.baton.partition.PartitionListener} (assigned and
 * revoked callbacks), {@link dev.baton.partition.GroupStatus} (a view of the whole group) and
 * {@link dev.baton.partition.GroupAdmin} (the partition set in ZooKeeper). Strategies live in
 * {@link dev.baton.partition.strategy}.
 *
 * <p>Threading: every public type here is thread-safe or immutable. A member does all its ZooKeeper
 * I/O and decisions on one loop of its own (the assigner's included), runs the listener's callbacks
 * on a serial loop per partition (never on the member's loop, ZooKeeper's or Curator's threads, nor
 * under a lock), and its assigner election runs two loops. {@link
 * dev.baton.partition.GroupStatus#read} and {@link dev.baton.partition.GroupAdmin} block the
 * calling thread.
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
 * <p>At run time, ZooKeeper failures are {@link dev.baton.recipes.CoordinationException}s and
 * malformed records in ZooKeeper {@link dev.baton.partition.MalformedRecordException}s.
 */
package dev.baton.partition;
