// SPDX-License-Identifier: Apache-2.0
package dev.baton.recipes.internal.queue;

import dev.baton.recipes.SessionConfig;
import dev.baton.recipes.backend.Candidacy;
import dev.baton.recipes.backend.Contest;
import dev.baton.recipes.backend.Holder;
import dev.baton.recipes.spi.Liveness;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import org.apache.curator.framework.CuratorFramework;
import org.slf4j.Logger;

/**
 * One {@code BatonSession}'s side in ZooKeeper: the one entry point of this package for {@code
 * dev.baton.recipes}. It owns the session's liveness (read from Curator's connection states), joins
 * and reads the queues, and closes the client within a bound; the session keeps its lifecycle and
 * the recipes attached to it.
 *
 * <p>Thread-safe.
 */
public final class QueueSession {
  private final CuratorFramework client;
  private final String name;
  private final CuratorLiveness liveness;

  /**
   * Follows {@code client}'s connection states at once; {@code name} tells sessions apart in logs.
   */
  public QueueSession(CuratorFramework client, String name, Duration closeTimeout) {
    this.client = client;
    this.name = name;
    this.liveness = new CuratorLiveness(client, name, closeTimeout);
  }

  /**
   * Checks a new session's SASL login with one read, so that a refused login is an error of the
   * session's start rather than of the first recipe; closes the client before it throws.
   *
   * @throws dev.baton.recipes.CoordinationException if the login was refused or could not be
   *     checked
   */
  public static void checkSaslLogin(CuratorFramework client, SessionConfig config) {
    SaslLoginCheck.check(client, config);
  }

  /** The session's liveness: its connection epochs and {@code done} signal. */
  public Liveness liveness() {
    return liveness;
  }

  /** The current ZooKeeper session id (0 before the first connection). */
  public long sessionId() {
    return ZkCalls.call(
        "read the ZooKeeper session id",
        () -> client.getZookeeperClient().getZooKeeper().getSessionId());
  }

  /** The session timeout of the live ZooKeeper handle, in milliseconds; 0 before it connected. */
  public int sessionTimeoutMillis() {
    return ZkCalls.call(
        "read the negotiated session timeout",
        () -> client.getZookeeperClient().getZooKeeper().getSessionTimeout());
  }

  /** Joins the queue {@code contest.name()} with an ephemeral sequential entry of this session. */
  public Candidacy join(Contest contest, Candidacy.Listener listener) {
    return QueueCandidacy.join(
        new ZkQueueStore(client, liveness, contest.name()), contest, listener);
  }

  /** The first candidate of the queue {@code path}, read afresh. */
  public Optional<Holder> holder(String path) {
    return new QueueReader(client, path).holder();
  }

  /** The candidates of the queue {@code path} in order, read afresh. */
  public List<Holder> participants(String path) {
    return new QueueReader(client, path).participants();
  }

  /**
   * Stops following the connection states and, if {@code closeClient}, closes the client within the
   * liveness's close wait ({@code BoundedClose}), logging to {@code log}.
   */
  public void close(boolean closeClient, Logger log) {
    Duration wait = liveness.closeWait();
    boolean connected = liveness.current().isConnected();
    liveness.close();
    if (closeClient) {
      new BoundedClose(client, name, log).close(wait, connected);
    }
  }
}
