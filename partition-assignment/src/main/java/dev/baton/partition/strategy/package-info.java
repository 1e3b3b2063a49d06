/**
 * Assignment strategies ({@link dev.baton.partition.strategy.AssignmentStrategy}): pure functions
 * from partitions, members and the previous assignment to a new one; the default is {@link
 * dev.baton.partition.strategy.StickyBalancedStrategy}. A member calls its strategy on its loop,
 * one call at a time: it should be quick and must not block.
 */
package dev.baton.partition.strategy;
