/**
 * The assigner side of partition ownership, run by the member that holds a term of the group's
 * assigner election: a pure decision step and a thin I/O layer.
 *
 * <ul>
 *   <li>{@link dev.baton.partition.internal.assigner.AssignerMachine}: inputs (partition set,
 *       members, published assignment) and timers in, reads, publishes and timers out; the debounce
 *       of a burst of changes, the rejoin grace ({@link
 *       dev.baton.partition.internal.assigner.GraceTracker}) and the checked computation ({@link
 *       dev.baton.partition.internal.assigner.Rebalance}) are pure.
 *   <li>{@link dev.baton.partition.internal.assigner.AssignerIo}: applies the actions through
 *       {@link dev.baton.partition.internal.assigner.AssignerInputs} (watched reads) and {@link
 *       dev.baton.partition.internal.assigner.AssignmentPublisher} (the fenced write), on the
 *       member's own loop.
 *   <li>{@link dev.baton.partition.internal.assigner.AssignerRole}: the election's listener.
 * </ul>
 *
 * <p>Threading rules: everything runs on the member's one loop thread, the member's own I/O
 * included; the election's callbacks and ZooKeeper's watch notifications only enqueue events on it
 * and return at once, so the election's callback thread is never blocked by the assigner. The
 * strategy is called on the loop. Not an API.
 */
package dev.baton.partition.internal.assigner;
