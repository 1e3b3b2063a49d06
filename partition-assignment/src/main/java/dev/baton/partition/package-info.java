/**
 * Partition ownership: members, a sticky balanced assignment computed by an elected assigner, handoff
 * that never gives one partition two owners, and a fencing token per partition.
 *
 * <p>So far only the assignment strategy exists ({@link dev.baton.partition.strategy}); membership,
 * the elected assigner and the handoff come with the partition-ownership issue.
 */
package dev.baton.partition;
