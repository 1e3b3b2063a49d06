// SPDX-License-Identifier: Apache-2.0
package dev.baton.recipes.election;

import dev.baton.fencing.FencingToken;
import dev.baton.recipes.Term;
import java.time.Instant;

/**
 * One leadership term, given to {@link LeadershipListener#elected}: a {@link Term} (fencing token,
 * cancellation signal) with the election's details; paused (neither active nor revoked) only under
 * {@link ConnectionPolicy#SESSION} while the connection is suspended. Thread-safe.
 */
public interface Leadership extends Term {
  /** The id of the participant that holds this term. */
  String participantId();

  /** The token, scoped to the path: the leader znode's creation zxid, or the lease row's token. */
  @Override
  FencingToken token();

  /**
   * The leader znode's path, for a ZooKeeper write that checks the term in the same transaction
   * (the ownership fence); on the lease backend {@code lease:<table>:<election path>}.
   */
  String nodePath();

  /** When this handle was elected, by the election's clock; the same as {@link #startedAt()}. */
  default Instant electedAt() {
    return startedAt();
  }
}
