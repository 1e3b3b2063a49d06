// SPDX-License-Identifier: Apache-2.0
package dev.baton.fencing.zookeeper;

import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * What became of a fence write whose answer was lost, judged from the fence znode as read after the
 * loss: a pure decision, no I/O.
 *
 * <p>The write was a compare-and-set from version {@code expected} (or a create, {@code -1}) to
 * {@code expected + 1}, recording its write id. The read must be ordered after every request the
 * lost attempt could still have made: after a {@code sync}, or after the answer to a later attempt
 * on the same session (ZooKeeper refuses a request of a session that moved or expired, so a lost
 * request either committed before those or never will). Then:
 *
 * <ul>
 *   <li>the write's id is among the record's ids: it committed;
 *   <li>the znode is still at {@code expected} (or absent after a create), or the record's ids
 *       cover every write since {@code expected} (each write adds one id and keeps the last {@value
 *       FenceRecord#WRITE_IDS}) and the write's id is not among them: it did not commit, and never
 *       will;
 *   <li>otherwise (more writes since than the record remembers, a record of the first format, a
 *       znode deleted or recreated): unknown.
 * </ul>
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
   * Judges the lost write {@code writeId}.
   *
   * @param expected the version the write compared against, or -1 if it created the znode
   * @param version the znode's version as read, or -1 if it is absent
   * @param writeIds the ids in the record read (empty if absent or of the first format)
   */
  static Verdict judge(long writeId, int expected, int version, @Nullable List<Long> writeIds) {
    List<Long> ids = writeIds == null ? List.of() : writeIds;
    if (version >= 0 && ids.contains(writeId)) {
      return Verdict.COMMITTED;
    }
    if (version == expected) {
      return Verdict.NOT_COMMITTED;
    }
    if (version < expected) {
      return Verdict.UNKNOWN; // deleted, or deleted and created again
    }
    // Our write, had it committed, set version expected + 1; the ids vouch for the last
    // ids.size() versions, up to the one read.
    long since = (long) version - expected;
    return since <= ids.size() ? Verdict.NOT_COMMITTED : Verdict.UNKNOWN;
  }
}
