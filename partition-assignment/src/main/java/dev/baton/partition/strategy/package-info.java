/**
 * Assignment strategies: pure functions from partitions, members and the previous assignment to a
 * new assignment, without I/O.
 *
 * <ul>
 *   <li>{@link dev.baton.partition.strategy.AssignmentStrategy}: the contract ({@code assign} with
 *       {@link dev.baton.partition.strategy.MemberProfile}s, or with plain member ids).
 *   <li>{@link dev.baton.partition.strategy.MemberProfile}: a member's id, weight (1 to 10,000,
 *       default 1) and optional zone.
 *   <li>{@link dev.baton.partition.strategy.StickyBalancedStrategy}: the default. Every member
 *       within one partition of its weighted share; {@code zoneAware()} also keeps every zone's
 *       total within one of its share. Among all assignments within those bounds it keeps the most
 *       partitions in place (so a single join or leave with equal weights moves the theoretical
 *       minimum). Deterministic; {@code O(P log P + M log M)}.
 * </ul>
 *
 * <p>Threading: a member calls its strategy on its loop thread, one call at a time; a strategy
 * should be quick and must not block. An exception it throws publishes nothing until the next
 * change; an error is logged, counted and retried, and a {@link VirtualMachineError} stops the
 * member.
 */
package dev.baton.partition.strategy;
