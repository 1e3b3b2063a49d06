// SPDX-License-Identifier: Apache-2.0
package dev.baton.fencing.zookeeper;

import java.util.Optional;
import org.jspecify.annotations.Nullable;

/**
 * What became of a fence write whose answer was lost, judged from the fence znode as read after the
 * loss: a pure decision, no I/O.
 *
 * <p>The write was a compare-and-set from version {@code expected} (or a create, {@code -1}) to
 * {@code expected + 1}, recording its writer's entry with its sequence number ({@link
 * FenceRecord.Write}); a writer numbers its writes in the order it builds them, each after reading
 * (or remembering) the version it compares against. The read must be ordered after every request
 * the lost attempt could still have made: after a {@code sync}, or after the answer to a later
 * attempt on the same session (ZooKeeper refuses a request of a session that moved or expired, so a
 * lost request either committed before those or never will). Then:
 *
 * <ul>
 *   <li>the znode is still at {@code expected} (or still absent): it did not commit;
 *   <li>the writer's entry holds the write's sequence number: it committed;
 *   <li>the entry holds an earlier number: it did not (had it committed, the entry would hold its
 *       number or that of a later write of the same writer);
 *   <li>no entry, and no entry dropped since {@code expected} (the record's forgotten version is
 *       below {@code expected + 1}): it did not;
 *   <li>otherwise unknown: a later write of the same writer committed (it may have too), or the
 *       entry may have been dropped because more than {@value FenceRecord#WRITERS} other writers
 *       wrote since, or the znode was deleted or recreated, or rewritten in the first format.
 * </ul>
 *
 * The number of writes since does not matter: a successor may write a thousand times, the stale
 * writer's entry stays until {@value FenceRecord#WRITERS} other writers came after it.
 */
final class LostAnswer {
  private LostAnswer() {}

  /** The verdict. */
  enum Verdict {
    COMMITTED,
    NOT_COMMITTED,
    UNKNOWN
  }

  /**
   * Judges the lost write {@code seq} of {@code writer}.
   *
   * @param expected the version the write compared against, or -1 if it created the znode
   * @param version the znode's version as read, or -1 if it is absent
   * @param record the record read, or null if the znode is absent
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
