// SPDX-License-Identifier: Apache-2.0
package dev.baton.recipes;

import dev.baton.recipes.spi.Backoff;
import dev.baton.recipes.spi.ConnectionEpoch;
import dev.baton.recipes.spi.ConnectionEpoch.Link;
import dev.baton.recipes.spi.Liveness;
import dev.baton.recipes.spi.SerialLoop;
import dev.baton.recipes.spi.Subscription;
import dev.baton.recipes.spi.ThreadLoopScheduler;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Consumer;
import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.framework.state.ConnectionState;
import org.apache.curator.framework.state.ConnectionStateListener;
import org.apache.zookeeper.ZooKeeper;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * {@link Liveness} of a Curator client, Baton's only reader of Curator's connection states:
 * SUSPENDED and READ_ONLY suspend the link, LOST ends the session, (RE)CONNECTED connect it; each
 * is a new epoch, except a connect to the same session already connected (all would read again).
 */
final class CuratorLiveness implements Liveness, ConnectionStateListener, AutoCloseable {
  private static final Logger log = LoggerFactory.getLogger(CuratorLiveness.class);

  private final CuratorFramework client;
  private final SerialLoop events;
  private final List<Delivery> listeners = new CopyOnWriteArrayList<>();
  private final Object lock = new Object();
  private volatile ConnectionEpoch current;
  private final Duration closeTimeout;

  /** The number of the epoch in which a close gave up waiting, or 0. */
  private volatile long gaveUpInEpoch;

  private CompletableFuture<ConnectionEpoch> done = new CompletableFuture<>();

  /** Follows {@code client}; a close waits at most {@code closeTimeout} for the ensemble. */
  public CuratorLiveness(CuratorFramework client, String name, Duration closeTimeout) {
    this.client = client;
    this.closeTimeout = closeTimeout;
    this.events =
        new SerialLoop(
            "session-events-" + name,
            new ThreadLoopScheduler("session", name),
            Backoff.DEFAULT,
            () -> {},
            e -> {});
    long live = liveSessionId();
    this.current = new ConnectionEpoch(1, live != 0 ? Link.CONNECTED : Link.SUSPENDED, live);
    client.getConnectionStateListenable().addListener(this);
  }

  @Override
  public ConnectionEpoch current() {
    return current;
  }

  @Override
  public Subscription subscribe(Consumer<ConnectionEpoch> listener) {
    Delivery d = new Delivery(listener);
    synchronized (
        lock) { // with publish: every epoch after the first delivered one is delivered too
      listeners.add(d);
      ConnectionEpoch first = current;
      events.execute(() -> d.deliver(first));
    }
    return () -> listeners.remove(d);
  }

  @Override
  public CompletableFuture<ConnectionEpoch> done() {
    synchronized (lock) {
      return done;
    }
  }

  /** After a close gave up, none waits until a later epoch connects (not a mere suspension). */
  @Override
  public Duration closeWait() {
    long g = gaveUpInEpoch;
    if (g == 0) {
      return closeTimeout;
    }
    ConnectionEpoch now = current;
    if (now.isConnected() && now.number() > g) {
      gaveUpInEpoch = 0;
      return closeTimeout;
    }
    return Duration.ZERO;
  }

  @Override
  public void closeGaveUp() {
    gaveUpInEpoch = current.number();
  }

  /**
   * Curator reports states late and for no session in particular, so a state the live handle
   * contradicts is dropped: CONNECTED while not connected, LOST while the current session is.
   */
  @Override
  public void stateChanged(CuratorFramework c, ConnectionState state) {
    switch (state) {
      case CONNECTED, RECONNECTED -> {
        long live = liveSessionId();
        if (live == 0) {
          log.debug("{} dropped: the handle is not connected any more", state);
          return;
        }
        publish(Link.CONNECTED, live);
      }
      case LOST -> {
        ConnectionEpoch now = current;
        if (now.isConnected() && liveSessionId() == now.sessionId()) {
          log.debug(
              "LOST dropped: session {} is connected and current",
              Long.toHexString(now.sessionId()));
          return;
        }
        publish(Link.LOST, now.sessionId());
      }
      default -> publish(Link.SUSPENDED, current.sessionId()); // SUSPENDED, READ_ONLY
    }
  }

  private void publish(Link link, long sessionId) {
    ConnectionEpoch next;
    CompletableFuture<ConnectionEpoch> ended = null;
    synchronized (lock) {
      if (current.link() == Link.CLOSED) {
        return;
      }
      if (link == Link.CONNECTED
          && current.link() == Link.CONNECTED
          && current.sessionId() == sessionId) {
        log.debug(
            "CONNECTED dropped: session {} is connected already", Long.toHexString(sessionId));
        return;
      }
      next = new ConnectionEpoch(current.number() + 1, link, sessionId);
      boolean newSession =
          link == Link.CONNECTED && sessionId != current.sessionId() && current.sessionId() != 0;
      if (link == Link.LOST || link == Link.CLOSED || newSession) {
        ended = done;
        done = new CompletableFuture<>();
      }
      current = next;
      CompletableFuture<ConnectionEpoch> endedFinal = ended;
      if (endedFinal != null) {
        events.execute(() -> endedFinal.complete(next));
      }
      for (Delivery d : listeners) {
        events.execute(
            () -> d.deliver(next)); // one task each: a listener that throws skips no other
      }
    }
    log.debug("session {}: epoch {}", Long.toHexString(sessionId), next);
  }

  /** One listener and the last epoch it heard: epochs reach it once each, in rising order. */
  private static final class Delivery {
    private final Consumer<ConnectionEpoch> listener;
    private long last; // event thread only

    Delivery(Consumer<ConnectionEpoch> listener) {
      this.listener = listener;
    }

    void deliver(ConnectionEpoch epoch) {
      if (epoch.number() > last) {
        last = epoch.number();
        listener.accept(epoch);
      }
    }
  }

  private long liveSessionId() {
    try {
      ZooKeeper zk = client.getZookeeperClient().getZooKeeper();
      return zk.getState().isConnected() ? zk.getSessionId() : 0;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return 0;
    } catch (Exception e) {
      log.debug("no ZooKeeper handle to read the session id from: {}", e.toString());
      return 0;
    }
  }

  /** Publishes the CLOSED epoch and stops the event loop once it is delivered. */
  @Override
  public void close() {
    client.getConnectionStateListenable().removeListener(this);
    publish(Link.CLOSED, current.sessionId());
    events.execute(() -> events.shutdown(Duration.ZERO));
  }
}
