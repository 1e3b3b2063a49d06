// SPDX-License-Identifier: Apache-2.0
package dev.baton.bench.contender;

import dev.baton.fencing.FencingToken;
import java.util.Optional;
import org.apache.curator.drivers.TracerDriver;
import org.apache.zookeeper.ZooKeeper;

/**
 * One candidate of an election benchmark (election handover, failover, election scale): its own
 * ZooKeeper session and its library's election recipe. Each library is one implementation: {@link
 * BatonCandidate} ({@code LeaderElection}), {@link CuratorCandidate} ({@code LeaderLatch}), and the
 * raw-ZooKeeper floor of the election handover.
 */
public abstract class Candidate implements AutoCloseable {
  /** Where an elected callback goes: who, when ({@link System#nanoTime()} taken first), token. */
  @FunctionalInterface
  public interface Sink {
    void elected(Candidate who, long nanos, Optional<FencingToken> token);
  }

  private final String id;
  private final TracerDriver tracer;
  private final Sink sink;

  protected Candidate(String id, TracerDriver tracer, Sink sink) {
    this.id = id;
    this.tracer = tracer;
    this.sink = sink;
  }

  /**
   * Connects a candidate of {@code library} ({@link Library#BATON} or {@link Library#CURATOR}) to
   * election {@code path}, with {@code tracer} (request counting) on its client if not null; it is
   * not in the election until {@link #join()}.
   */
  public static Candidate connect(
      Library library, String id, String path, ZkClient client, TracerDriver tracer, Sink sink)
      throws InterruptedException {
    return switch (library) {
      case BATON -> new BatonCandidate(id, path, client, tracer, sink);
      case CURATOR -> new CuratorCandidate(id, path, client, tracer, sink);
      default -> throw new IllegalArgumentException("no election candidate of " + library);
    };
  }

  /** The participant id. */
  public final String id() {
    return id;
  }

  /** The tracer driver this candidate was connected with, or null. */
  public final TracerDriver tracer() {
    return tracer;
  }

  /** Called first thing from the library's elected callback. */
  protected final void reportElected(Optional<FencingToken> token) {
    long now = System.nanoTime();
    sink.elected(this, now, token);
  }

  /** Enters the election; returns at once (every library joins in the background). */
  public abstract void join() throws Exception;

  /** Leaves the election (the session stays). */
  public abstract void closeRecipe() throws Exception;

  /** Closes the session. */
  public abstract void closeSession() throws Exception;

  /** The session's current ZooKeeper handle. */
  public abstract ZooKeeper handle() throws Exception;

  /** What the recipe reports right now. */
  public abstract boolean isLeader();

  /** The token of the current term (Baton only). */
  public abstract Optional<FencingToken> token();

  /** The id of this candidate's ZooKeeper session. */
  public long sessionId() throws Exception {
    return handle().getSessionId();
  }

  /** The graceful exit: the election recipe, then (even if that failed) the session. */
  @Override
  public final void close() throws Exception {
    try {
      closeRecipe();
    } finally {
      closeSession();
    }
  }

  @Override
  public String toString() {
    return id;
  }
}
