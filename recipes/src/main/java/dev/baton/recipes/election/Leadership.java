package dev.baton.recipes.election;

import dev.baton.fencing.FencingToken;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;

/**
 * The handle of one leadership term, given to {@link LeadershipListener#elected}. It carries the term's
 * fencing token and its cancellation signal.
 *
 * <p>Pass {@link #token()} to every protected write downstream. Long-running leader work should check
 * {@link #isActive()} (or call {@link #checkActive()}) between steps, or block in
 * {@link #awaitRevocation(Duration)}; the signal flips the moment the recipe stops believing in the
 * term, before the {@code revoked} callback runs. Because a paused process cannot see any signal, the
 * token, enforced by a fence, is what really stops a stale leader.
 *
 * <p>Thread-safe.
 */
public interface Leadership {
  /** The id of the participant that holds this term. */
  String participantId();

  /** The term's fencing token: the creation zxid of the leader's znode. */
  FencingToken token();

  /**
   * The full path of the leader's znode. A ZooKeeper write that must succeed only while this term is
   * alive can check it in the same transaction (see the fencing module's ownership fence).
   */
  String nodePath();

  /** When this handle was elected, by the election's clock. */
  Instant electedAt();

  /**
   * True while the term is active: elected, not revoked and (with {@link ConnectionPolicy#SESSION})
   * not paused by a suspended connection.
   */
  boolean isActive();

  /** True once the term is revoked; it never becomes active again. */
  boolean isRevoked();

  /**
   * Throws unless the term is active.
   *
   * @throws LeadershipLostException carrying the token and the reason (if revoked)
   */
  void checkActive();

  /** The reason, once revoked. */
  Optional<RevocationReason> revocationReason();

  /**
   * Waits until this term is revoked or the timeout passes.
   *
   * @return true if revoked
   */
  boolean awaitRevocation(Duration timeout) throws InterruptedException;
}
