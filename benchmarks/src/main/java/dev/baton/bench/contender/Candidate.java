// SPDX-License-Identifier: Apache-2.0
package dev.baton.bench.contender;

import dev.baton.fencing.FencingToken;
import java.util.Optional;

/**
 * One candidate of an election benchmark, whatever its backend: it joins, its library tells it when
 * it is elected (reported to a {@link Sink} first thing), it says whether it leads, and it leaves
 * gracefully on {@link #close()}. The ZooKeeper elections' candidates are {@link ZkCandidate}s; the
 * lease scenario's JDBC ones extend this directly.
 */
public abstract class Candidate implements AutoCloseable {
  /** Where a candidate's callbacks go: who, when ({@link System#nanoTime()} taken first), token. */
  @FunctionalInterface
  public interface Sink {
    /** A sink that ignores everything. */
    Sink NONE = (who, nanos, token) -> {};

    void elected(Candidate who, long nanos, Optional<FencingToken> token);

    /** Its library told {@code who} that it no longer leads, for {@code reason}. */
    default void revoked(Candidate who, long nanos, String reason) {}
  }

  private final String id;
  private final Sink sink;

  protected Candidate(String id, Sink sink) {
    this.id = id;
    this.sink = sink;
  }

  /** The participant id. */
  public final String id() {
    return id;
  }

  /** Called first thing from the library's elected callback. */
  protected final void reportElected(Optional<FencingToken> token) {
    reportElected(System.nanoTime(), token);
  }

  /** As {@link #reportElected(Optional)}, with the time taken by the caller. */
  protected final void reportElected(long nanos, Optional<FencingToken> token) {
    sink.elected(this, nanos, token);
  }

  /** Called from the library's revoked callback. */
  protected final void reportRevoked(String reason) {
    sink.revoked(this, System.nanoTime(), reason);
  }

  /** Enters the election; returns at once (every library joins in the background). */
  public abstract void join() throws Exception;

  /** Whether it leads now, by its library's own account. */
  public abstract boolean isLeader();

  /** The token of the current term (Baton only; the other libraries have none). */
  public abstract Optional<FencingToken> token();

  /** Leaves the election gracefully, as an application shutting down would. */
  @Override
  public abstract void close() throws Exception;

  @Override
  public String toString() {
    return id;
  }
}
