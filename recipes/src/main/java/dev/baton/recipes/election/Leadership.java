// SPDX-License-Identifier: Apache-2.0
package dev.baton.recipes.election;

import dev.baton.fencing.FencingToken;
import dev.baton.recipes.Term;
import java.time.Instant;

/**
 * The handle of one leadership term, given to {@link LeadershipListener#elected}: a {@link Term}
 * with the election's details, carrying the fencing token and cancellation signal (see {@link Term}
 * for their use). A term is paused (not active, not revoked) only under {@link
 * ConnectionPolicy#SESSION} while the connection is suspended; {@link #checkActive()} throws {@link
 * LeadershipLostException}. Thread-safe.
 */
public interface Leadership extends Term {
  /** The id of the participant that holds this term. */
  String participantId();

  /**
   * The term's fencing token, scoped to the election path: the creation zxid of the leader's znode,
   * or on the lease backend the lease row's token.
   */
  @Override
  FencingToken token();

  /**
   * The full path of the leader's znode, for a ZooKeeper write that must check the term in the same
   * transaction (the fencing module's ownership fence); on the lease backend {@code
   * lease:<table>:<election path>}.
   */
  String nodePath();

  /** When this handle was elected, by the election's clock; the same as {@link #startedAt()}. */
  default Instant electedAt() {
    return startedAt();
  }
}
