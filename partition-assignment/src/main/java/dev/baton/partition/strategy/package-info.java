/**
 * Assignment strategies: pure functions from partitions, members and the previous assignment to a new
 * assignment. {@link dev.baton.partition.strategy.StickyBalancedStrategy} is the default. Guarantees:
 * balance within one, minimal movement on a single join or leave, determinism. Not yet: weights, zones.
 */
package dev.baton.partition.strategy;
