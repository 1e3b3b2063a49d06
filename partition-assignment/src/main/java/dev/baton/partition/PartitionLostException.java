package dev.baton.partition;

import dev.baton.fencing.FencingToken;
import java.util.Optional;

/** Thrown by {@link PartitionLease#checkActive()} when the ownership term is over or suspended. */
public class PartitionLostException extends RuntimeException {
  private final int partition;
  private final FencingToken token;
  private final PartitionRevocationReason reason;

  public PartitionLostException(int partition, FencingToken token, PartitionRevocationReason reason) {
    super("partition " + partition + " (token " + token + ") is no longer owned"
        + (reason == null ? "" : ": " + reason));
    this.partition = partition;
    this.token = token;
    this.reason = reason;
  }

  public int partition() {
    return partition;
  }

  public FencingToken token() {
    return token;
  }

  public Optional<PartitionRevocationReason> reason() {
    return Optional.ofNullable(reason);
  }
}
