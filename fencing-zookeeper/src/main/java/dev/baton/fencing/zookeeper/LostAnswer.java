// SPDX-License-Identifier: Apache-2.0
package dev.baton.fencing.zookeeper;

import java.util.Optional;
import org.jspecify.annotations.Nullable;

/**
 * What became of a fence write whose answer was lost, judged (no I/O) from the fence znode read
 * after the loss. The write was a compare-and-set from version {@code expected} (a create: {@code
 * -1}) to {@code expected + 1}, recording its writer's entry with its sequence number; a writer
 * numbers writes in the order it builds them, each after reading (or remembering) the version it
 * compares against. The read must come after every request the lost attempt could still make: after
 * a {@code sync}, or the answer to a later attempt on the same session (ZooKeeper refuses requests
 * of a moved or expired session, so a lost one committed before those or never will). Then:
 *
 * <ul>
 *   <li>znode still at {@code expected} (or absent): not committed;
 *   <li>the writer's entry holds the write's number: committed;
 *   <li>it holds an earlier number: not committed (else it would hold this or a later number);
 *   <li>no entry, and forgotten version at most {@code expected}: not committed;
 *   <li>otherwise unknown (a later write of the writer committed, over {@value FenceRecord#WRITERS}
 *       other writers since, or the znode was deleted, recreated or rewritten in the first format).
 * </ul>
 */
final class LostAnswer {
  private LostAnswer() {}

  enum Verdict {
    COMMITTED,
    NOT_COMMITTED,
    UNKNOWN
  }

  /**
   * Judges the lost write {@code seq} of {@code writer}, which compared against {@code expected}
   * (-1: a create); {@code version} and {@code record} are as read (-1 and null: absent).
   */
  static Verdict judge(
      long writer, long seq, int expected, int version, FenceRecord.@Nullable State record) {
    if (version == expected) {
      return Verdict.NOT_COMMITTED;
    }
    if (version < expected || record == null) {
      return Verdict.UNKNOWN; // deleted, or deleted and created again
    }
    Optional<FenceRecord.Write> mine = record.of(writer);
    if (mine.isPresent()) {
      long last = mine.get().seq();
      return last == seq ? Verdict.COMMITTED : last < seq ? Verdict.NOT_COMMITTED : Verdict.UNKNOWN;
    }
    return record.forgotten() < expected + 1 ? Verdict.NOT_COMMITTED : Verdict.UNKNOWN;
  }
}
