// SPDX-License-Identifier: Apache-2.0
package dev.baton.bench.scale;

import dev.baton.fencing.FencingToken;
import java.util.Optional;
import java.util.function.BiConsumer;
import org.apache.zookeeper.ZooKeeper;

/**
 * One candidate of the scale run: its own session and its election recipe, with a {@link
 * SettleTracer} on its client. Reports its elected callback (first statement: {@link
 * System#nanoTime()}) to the sink.
 */
abstract class Candidate {
  /** Connection settings, the same for both libraries. */
  record Settings(String connectString, int sessionTimeoutMs, int connectionTimeoutMs) {}

  private final int index;
  protected final SettleTracer tracer = new SettleTracer();
  private final BiConsumer<Candidate, Elected> sink;

  /** An elected callback: when, and the token (Baton only). */
  record Elected(long nanos, Optional<FencingToken> token) {}

  Candidate(int index, BiConsumer<Candidate, Elected> sink) {
    this.index = index;
    this.sink = sink;
  }

  int index() {
    return index;
  }

  SettleTracer tracer() {
    return tracer;
  }

  /** Called first thing from the library's elected callback. */
  protected final void reportElected(Optional<FencingToken> token) {
    long now = System.nanoTime();
    tracer.settled(now);
    sink.accept(this, new Elected(now, token));
  }

  /** Enters the election; returns at once (both libraries join in the background). */
  abstract void join() throws Exception;

  /** Closes the election recipe. */
  abstract void closeRecipe() throws Exception;

  /** Closes the session. */
  abstract void closeSession() throws Exception;

  /** The session's ZooKeeper handle. */
  abstract ZooKeeper handle() throws Exception;

  /** What the recipe reports right now. */
  abstract boolean isLeader();

  /** The current term's token (Baton only). */
  abstract Optional<FencingToken> token();

  /** The session id of this candidate's ZooKeeper session. */
  long sessionId() throws Exception {
    return handle().getSessionId();
  }

  @Override
  public String toString() {
    return getClass().getSimpleName() + "#" + index;
  }
}
