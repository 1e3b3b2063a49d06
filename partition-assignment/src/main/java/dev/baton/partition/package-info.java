/**
 * Partition ownership: members, a sticky balanced assignment computed by an elected assigner, handoff
 * that never gives one partition two owners, and a fencing token per partition.
 *
 * <p>Not built yet: this module only reserves its place in the dependency chain
 * (fencing &larr; recipes &larr; partition-assignment &larr; demo-cluster).
 */
package dev.baton.partition;
