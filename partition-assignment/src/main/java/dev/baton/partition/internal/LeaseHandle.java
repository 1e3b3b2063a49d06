package dev.baton.partition.internal;

import dev.baton.fencing.FencingToken;
import dev.baton.partition.PartitionLease;
import dev.baton.partition.PartitionLostException;
import dev.baton.partition.PartitionRevocationReason;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;

/** The implementation of {@link PartitionLease}; revoked at most once. */
public final class LeaseHandle implements PartitionLease {
  private final int partition;
  private final String memberId;
  private final FencingToken token;
  private final String ownerNodePath;
  private final Instant since;
  private final long generation;
  private final AtomicReference<PartitionRevocationReason> reason = new AtomicReference<>();
  private final CountDownLatch revoked = new CountDownLatch(1);

  public LeaseHandle(int partition, String memberId, FencingToken token, String ownerNodePath,
      Instant since, long generation) {
    this.partition = partition;
    this.memberId = memberId;
    this.token = token;
    this.ownerNodePath = ownerNodePath;
    this.since = since;
    this.generation = generation;
  }

  /** Ends the term; true only for the first call. */
  public boolean revoke(PartitionRevocationReason why) {
    if (reason.compareAndSet(null, why)) {
      revoked.countDown();
      return true;
    }
    return false;
  }

  @Override
  public int partition() {
    return partition;
  }

  @Override
  public String memberId() {
    return memberId;
  }

  @Override
  public FencingToken token() {
    return token;
  }

  @Override
  public String ownerNodePath() {
    return ownerNodePath;
  }

  @Override
  public Instant since() {
    return since;
  }

  @Override
  public long generation() {
    return generation;
  }

  @Override
  public boolean isActive() {
    return reason.get() == null;
  }

  @Override
  public void checkActive() {
    PartitionRevocationReason why = reason.get();
    if (why != null) {
      throw new PartitionLostException(partition, token, why);
    }
  }

  @Override
  public Optional<PartitionRevocationReason> revocationReason() {
    return Optional.ofNullable(reason.get());
  }

  @Override
  public boolean awaitRevocation(Duration timeout) throws InterruptedException {
    return revoked.await(timeout.toNanos(), TimeUnit.NANOSECONDS);
  }

  @Override
  public String toString() {
    return "PartitionLease{partition=" + partition + ", member=" + memberId + ", token=" + token
        + ", active=" + isActive() + "}";
  }
}
