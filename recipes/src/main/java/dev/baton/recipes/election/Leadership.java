// SPDX-License-Identifier: Apache-2.0
package dev.baton.recipes.election;

import dev.baton.fencing.FencingToken;
import dev.baton.recipes.Term;
import java.time.Instant;

/**
 * The handle of one leadership term, given to {@link LeadershipListener#elected}: a {@link Term}
 * with the election's details. It carries the term's fencing token and its cancellation signal.
 *
 * <p>Pass {@link #token()} to every protected write downstream. Long-running leader work should
 * check {@link #isActive()} (or call {@link #checkActive()}, which throws {@link
 * LeadershipLostException}) between steps, or block in {@link #awaitRevocation}; the signal flips
 * the moment the recipe stops believing in the term, before the {@code revoked} callback runs. A
 * term is paused (not active, not revoked) only under {@link ConnectionPolicy#SESSION} while the
 * connection is suspended. Because a paused process cannot see any signal, the token, enforced by a
 * fence, is what really stops a stale leader.
 *
 * <p>Thread-safe.
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
   * The full path of the leader's znode. A ZooKeeper write that must succeed only while this term
   * is alive can check it in the same transaction (see the fencing module's ownership fence). On
   * the lease backend, which has no znode, a description of the lease row: {@code
   * lease:<table>:<election path>}.
   */
  String nodePath();

  /** When this handle was elected, by the election's clock; the same as {@link #startedAt()}. */
  default Instant electedAt() {
    return startedAt();
  }
}
