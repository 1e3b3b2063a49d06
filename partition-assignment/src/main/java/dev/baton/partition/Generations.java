// SPDX-License-Identifier: Apache-2.0
package dev.baton.partition;

import org.jspecify.annotations.Nullable;

/**
 * The assigner's generation numbers, which only grow, across terms and across a replaced record:
 * the next is above every one this member has read or published and above the assignment znode's
 * write count (each publication adds one to both, so the record written over version {@code v} gets
 * at least {@code v + 2}). So a malformed or hostile record is replaced by a valid one whose
 * generation no earlier assignment had, instead of restarting at 1. Only a readable record at
 * {@link AssignmentRecord#MAX_GENERATION} itself leaves no room: the generations then restart from
 * the version count, and {@link #restarted()} tells the caller to log it. Loop-confined.
 */
final class Generations {
  private long highest;
  private boolean restarted;

  /** Remembers the generation of a record read or published; ignores null (none or malformed). */
  void seen(@Nullable AssignmentRecord record) {
    if (record != null) {
      highest = Math.max(highest, record.generation());
    }
  }

  /**
   * The generation of the next publication, replacing the assignment znode at {@code version} (-1
   * when there is none). Both terms are at most {@link AssignmentRecord#MAX_GENERATION} or an int,
   * so nothing overflows.
   */
  long next(int version) {
    long byVersion = version < 0 ? 1 : version + 2L;
    long next = Math.max(byVersion, highest + 1);
    restarted = next > AssignmentRecord.MAX_GENERATION;
    if (restarted) {
      highest = 0;
      next = byVersion;
    }
    return next;
  }

  /** Whether the last {@link #next} found no room above and restarted the generations. */
  boolean restarted() {
    return restarted;
  }

  /** The error to log when the generations restarted at {@code generation}. */
  String restartMessage(long generation) {
    return ("the published assignment has the largest generation, %s, which no Baton assigner"
            + " reaches: restarting the generations at %s")
        .formatted(AssignmentRecord.MAX_GENERATION, generation);
  }
}
