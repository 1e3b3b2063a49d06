package dev.baton.partition;

import dev.baton.fencing.FencingToken;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;

/**
 * One ownership term of one partition, given to {@link PartitionListener#assigned}. Carries the term's
 * fencing token and its cancellation signal.
 *
 * <p>Pass {@link #token()} to every write downstream that must come from the partition's current owner
 * (a {@code Fence} of the fencing module, with resource = the partition). The signal
 * ({@link #isActive()}) drops the moment the member stops believing in the term, before
 * {@code revoked} runs; a paused process cannot see it, which is why the token, enforced by a fence, is
 * what really stops a stale owner. Thread-safe.
 */
public interface PartitionLease {
  int partition();

  /** The member that holds this term. */
  String memberId();

  /** The term's fencing token: the creation zxid of the ownership znode; scope = that znode's path. */
  FencingToken token();

  /** The ownership znode, for ZooKeeper writes guarded by it (fencing module's ownership guard). */
  String ownerNodePath();

  /** When the member took the partition, by the member's clock. */
  Instant since();

  /** The assignment generation under which the partition was taken. */
  long generation();

  /** True until the term is revoked. */
  boolean isActive();

  /** @throws PartitionLostException unless active */
  void checkActive();

  /** The reason, once revoked. */
  Optional<PartitionRevocationReason> revocationReason();

  /**
   * Waits until the term is revoked or the timeout passes.
   *
   * @return true if revoked
   */
  boolean awaitRevocation(Duration timeout) throws InterruptedException;
}
