package dev.baton.recipes.internal;

import dev.baton.recipes.kernel.Backoff;
import dev.baton.recipes.kernel.ConnectionEpoch;
import dev.baton.recipes.kernel.ConnectionEpoch.Link;
import dev.baton.recipes.kernel.Liveness;
import dev.baton.recipes.kernel.SerialLoop;
import dev.baton.recipes.kernel.Subscription;
import dev.baton.recipes.kernel.ThreadLoopScheduler;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Consumer;
import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.framework.state.ConnectionState;
import org.apache.curator.framework.state.ConnectionStateListener;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * {@link Liveness} of a Curator client: the only place in Baton that reads Curator's connection
 * states. SUSPENDED and READ_ONLY suspend the link, LOST ends the session, CONNECTED and RECONNECTED
 * connect it (a new session if the id changed); each is a new epoch.
 */
public final class CuratorLiveness implements Liveness, ConnectionStateListener, AutoCloseable {
  private static final Logger log = LoggerFactory.getLogger(CuratorLiveness.class);

  private final CuratorFramework client;
  private final SerialLoop events;
  private final List<Delivery> listeners = new CopyOnWriteArrayList<>();
  private final Object lock = new Object();
  private volatile ConnectionEpoch current;
  private CompletableFuture<ConnectionEpoch> done = new CompletableFuture<>();

  /** Starts following {@code client}'s connection; {@code name} names the event thread. */
  public CuratorLiveness(CuratorFramework client, String name) {
    this.client = client;
    this.events = new SerialLoop("session-events-" + name,
        new ThreadLoopScheduler("session", name), Backoff.DEFAULT, () -> { }, e -> { });
    boolean up = client.getZookeeperClient().isConnected();
    this.current = new ConnectionEpoch(1, up ? Link.CONNECTED : Link.SUSPENDED, up ? sessionId() : 0);
    client.getConnectionStateListenable().addListener(this);
  }

  @Override
  public ConnectionEpoch current() {
    return current;
  }

  @Override
  public Subscription subscribe(Consumer<ConnectionEpoch> listener) {
    Delivery d = new Delivery(listener);
    listeners.add(d);
    events.execute(() -> d.deliver(current));
    return () -> listeners.remove(d);
  }

  @Override
  public CompletableFuture<ConnectionEpoch> done() {
    synchronized (lock) {
      return done;
    }
  }

  @Override
  public void stateChanged(CuratorFramework c, ConnectionState state) {
    Link link = switch (state) {
      case CONNECTED, RECONNECTED -> Link.CONNECTED;
      case LOST -> Link.LOST;
      default -> Link.SUSPENDED; // SUSPENDED, READ_ONLY
    };
    publish(link, link == Link.CONNECTED ? sessionId() : current.sessionId());
  }

  private void publish(Link link, long sessionId) {
    ConnectionEpoch next;
    CompletableFuture<ConnectionEpoch> ended = null;
    synchronized (lock) {
      if (current.link() == Link.CLOSED) {
        return;
      }
      next = new ConnectionEpoch(current.number() + 1, link, sessionId);
      boolean newSession = link == Link.CONNECTED && sessionId != current.sessionId()
          && current.sessionId() != 0;
      if (link == Link.LOST || link == Link.CLOSED || newSession) {
        ended = done;
        done = new CompletableFuture<>();
      }
      current = next;
    }
    log.debug("session {}: epoch {}", Long.toHexString(sessionId), next);
    CompletableFuture<ConnectionEpoch> endedFinal = ended;
    if (endedFinal != null) {
      events.execute(() -> endedFinal.complete(next));
    }
    for (Delivery d : listeners) {
      events.execute(() -> d.deliver(next)); // one task each: a listener that throws skips no other
    }
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

  private long sessionId() {
    try {
      return client.getZookeeperClient().getZooKeeper().getSessionId();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return 0;
    } catch (Exception e) {
      log.debug("no ZooKeeper handle to read the session id from: {}", e.toString());
      return 0;
    }
  }

  /** Publishes the CLOSED epoch and stops the event thread once it is delivered. */
  @Override
  public void close() {
    client.getConnectionStateListenable().removeListener(this);
    publish(Link.CLOSED, current.sessionId());
    events.execute(() -> events.shutdown(Duration.ZERO));
  }
}
