/**
 * The assigner side of partition ownership, run by the member that holds a term of the group's
 * assigner election; only {@link dev.baton.partition.internal.assigner.AssignerIo} is public.
 *
 * <ul>
 *   <li>{@code AssignerMachine}: inputs (partition set, members, published assignment) and timers
 *       in, reads, publishes and timers out; the debounce of a burst of changes, the rejoin grace
 *       ({@code GraceTracker}), the generations and the checked computation ({@code Rebalance}) are
 *       pure.
 *   <li>{@code AssignerIo}, the election's listener and the machine's {@link
 *       dev.baton.recipes.kernel.Io}: a {@link dev.baton.recipes.kernel.Shell} on the member's own
 *       loop hands it the actions, which it applies through {@code AssignerInputs} (watched reads)
 *       and the fenced write of the shared {@code Znodes}.
 * </ul>
 *
 * <p>Threading rules: everything runs on the member's one loop thread, the member's own I/O
 * included; the election's callbacks and ZooKeeper's watch notifications only enqueue events on it
 * and return at once, so the election's callback thread is never blocked by the assigner. The
 * strategy is called on the loop. Not an API.
 */
package dev.baton.partition.internal.assigner;
