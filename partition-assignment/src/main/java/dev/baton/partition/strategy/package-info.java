/**
 * Assignment strategies: pure functions from partitions, members ({@link
 * dev.baton.partition.strategy.MemberProfile}) and the previous assignment to a new assignment
 * ({@link dev.baton.partition.strategy.AssignmentStrategy}); the default is {@link
 * dev.baton.partition.strategy.StickyBalancedStrategy}. A member calls its strategy on its loop
 * thread, one call at a time: a strategy should be quick and must not block.
 */
package dev.baton.partition.strategy;
