// SPDX-License-Identifier: Apache-2.0
package dev.baton.partition;

import org.jspecify.annotations.Nullable;

/**
 * The assigner's generation numbers, which only grow across terms and replaced records: the next is
 * above every one read or published and above the assignment znode's write count (a record over
 * version {@code v} gets at least {@code v + 2}). So a malformed or hostile record is replaced by a
 * fresh generation. Only a readable record at {@link AssignmentRecord#MAX_GENERATION} leaves no
 * room: they restart from the version count, and {@link #restarted()} says to log it.
 */
final class Generations {
  private long highest;
  private boolean restarted;

  void seen(@Nullable AssignmentRecord record) {
    if (record != null) {
      highest = Math.max(highest, record.generation());
    }
  }

  /** The next generation, over {@code version} (-1: none); both terms are small: no overflow. */
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

  String restartMessage(long generation) {
    return ("the published assignment has the largest generation, %s, which no Baton assigner"
            + " reaches: restarting the generations at %s")
        .formatted(AssignmentRecord.MAX_GENERATION, generation);
  }
}
