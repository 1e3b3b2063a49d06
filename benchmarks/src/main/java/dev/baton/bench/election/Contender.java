// SPDX-License-Identifier: Apache-2.0
package dev.baton.bench.election;

import dev.baton.fencing.FencingToken;
import dev.baton.recipes.SessionConfig;
import java.time.Duration;
import java.util.Optional;
import java.util.function.Consumer;

/**
 * One candidate of the benchmark: its own ZooKeeper session and its election recipe (Baton,
 * Curator, or the raw-ZooKeeper floor).
 */
abstract class Contender {
  /**
   * An elected callback: who, when ({@link System#nanoTime()} taken first thing in the callback).
   */
  record Elected(
      Contender who, long nanos, Optional<FencingToken> token, long operationsAtCallback) {}

  /** Connection settings shared by all contenders. */
  record ClientSettings(
      String connectString, int sessionTimeoutMs, int connectionTimeoutMs, boolean deepTrace) {
    /**
     * The Baton session configuration of these settings; the Curator contender builds its client
     * from it too, so both get the same timeouts and retry policy.
     */
    SessionConfig sessionConfig() {
      return SessionConfig.builder(connectString)
          .sessionTimeout(Duration.ofMillis(sessionTimeoutMs))
          .connectionTimeout(Duration.ofMillis(connectionTimeoutMs))
          .build();
    }
  }

  private final String label;
  protected final ClientTrace trace;
  protected final Consumer<Elected> sink;

  Contender(String label, Consumer<Elected> sink) {
    this.label = label;
    this.trace = new ClientTrace(label);
    this.sink = sink;
  }

  String label() {
    return label;
  }

  ClientTrace trace() {
    return trace;
  }

  /** Called from the library's elected callback. */
  protected final void reportElected(Optional<FencingToken> token) {
    long now = System.nanoTime();
    sink.accept(new Elected(this, now, token, trace.operations()));
  }

  /** Enters the election (the session is already connected). */
  abstract void join() throws Exception;

  /**
   * Closes the election recipe (Baton: {@code LeaderElection.close()}; Curator: {@code
   * LeaderLatch.close()}; floor: delete of the own znode).
   */
  abstract void closeRecipe() throws Exception;

  /**
   * Closes the session (Baton: {@code BatonSession.close()}; Curator: {@code
   * CuratorFramework.close()}; floor: {@code ZooKeeper.close()}).
   */
  abstract void closeSession() throws Exception;

  /**
   * The graceful exit: close the election recipe, then the session. Returns when both are closed.
   */
  final void leave() throws Exception {
    closeRecipe();
    closeSession();
  }

  /**
   * The current ZooKeeper handle of the session. Its state stops being alive once the server has
   * answered the closeSession request (ZooKeeper's own close then spends about 100 ms more shutting
   * its threads down, without talking to the server).
   */
  abstract org.apache.zookeeper.ZooKeeper zooKeeperHandle() throws Exception;

  /** What the recipe reports right now. */
  abstract boolean isLeader();

  /** The token of the current term (Baton only). */
  abstract Optional<FencingToken> currentToken();

  @Override
  public String toString() {
    return label;
  }
}
