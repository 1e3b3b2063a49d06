// SPDX-License-Identifier: Apache-2.0
package dev.baton.spring.election;

import dev.baton.recipes.BatonSession;
import dev.baton.recipes.RevocationReason;
import dev.baton.recipes.backend.Backend;
import dev.baton.recipes.election.ElectionConfig;
import dev.baton.recipes.election.ElectionHealth;
import dev.baton.recipes.election.LeaderElection;
import dev.baton.recipes.election.Leadership;
import dev.baton.recipes.election.LeadershipListener;
import dev.baton.recipes.election.Participant;
import dev.baton.spring.lifecycle.RejoinableLifecycle;
import java.time.Instant;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.context.ApplicationEventPublisher;
import org.springframework.context.ApplicationEventPublisherAware;

/**
 * A {@link LeaderElection} on a {@link Backend} as a Spring lifecycle bean ({@code <name>Election},
 * or {@link #builder}): {@link #start()} enters, {@link #stop()} leaves (the successor takes over
 * at once), and publishes {@link LeadershipGrantedEvent} and {@link LeadershipRevokedEvent}. Each
 * (re)join makes a new election; transitions are serialized and wait for the previous one's last
 * {@code revoked}, so use {@link #yield()} in leadership listeners. Thread-safe.
 */
public final class BatonElection extends RejoinableLifecycle<LeaderElection>
    implements ApplicationEventPublisherAware {
  private static final Logger log = LoggerFactory.getLogger(BatonElection.class);

  private final String role;
  private final Backend backend;
  private final ElectionConfig config;
  private @Nullable ApplicationEventPublisher publisher;

  BatonElection(BatonElectionBuilder b, Backend backend, ElectionConfig config) {
    super(b.name, b.autoStartup, b.phase);
    this.role = b.role == null ? b.name : b.role;
    this.backend = Objects.requireNonNull(backend, "backend");
    this.config = config;
  }

  /** A builder of an election named {@code name} (its key and default role) on {@code path}. */
  public static BatonElectionBuilder builder(String name, String path) {
    return new BatonElectionBuilder(name, path);
  }

  @Override
  public void setApplicationEventPublisher(ApplicationEventPublisher applicationEventPublisher) {
    this.publisher = applicationEventPublisher;
  }

  /** The Spring Integration role of the election's endpoints (the name unless configured). */
  public String role() {
    return role;
  }

  /** The election's path: its znode on ZooKeeper, its row's name on the lease backend. */
  public String path() {
    return config.path();
  }

  /** This instance's participant id. */
  public String participantId() {
    return config.participantId();
  }

  /** What the election runs on. */
  public Backend backend() {
    return backend;
  }

  /** The configuration each (re)join uses. */
  public ElectionConfig config() {
    return config;
  }

  /** True while this instance holds an active term. */
  public boolean isLeader() {
    LeaderElection e = current();
    return e != null && e.isLeader();
  }

  /** The current term, active or paused, if this instance leads. */
  public Optional<Leadership> leadership() {
    LeaderElection e = current();
    return e == null ? Optional.empty() : e.leadership();
  }

  /** A health snapshot; while out of the election, {@code LATENT} or {@code CLOSED}. */
  public ElectionHealth health() {
    LeaderElection e = current();
    if (e != null) {
      return e.health();
    }
    LeaderElection.State state =
        everStarted() ? LeaderElection.State.CLOSED : LeaderElection.State.LATENT;
    return new ElectionHealth(
        state,
        !(backend instanceof BatonSession session) || session.isConnected(),
        false,
        Optional.empty(),
        Optional.<Instant>empty(),
        0,
        0,
        Optional.empty(),
        Optional.empty());
  }

  /** Reads the candidates, leader first (lease: live holder only), empty while out; cache it. */
  public List<Participant> participants() {
    LeaderElection e = current();
    return e == null ? List.of() : e.participants();
  }

  /** Resigns the current term, if any, staying a candidate at the back of the queue (async). */
  @SuppressWarnings("NamedLikeContextualKeyword") // Spring Integration's Context.yield()
  public void yield() {
    LeaderElection e = current();
    if (e != null) {
      try {
        e.resign();
      } catch (IllegalStateException closedMeanwhile) {
        log.debug("election '{}' closed before it could resign", name(), closedMeanwhile);
      }
    }
  }

  /** Creates and starts a new election; called under the lock, it runs no user code. */
  @Override
  protected LeaderElection open() {
    LeaderElection e = LeaderElection.create(backend, config, new Events());
    e.start();
    log.info(
        "Baton election '{}': joined {} on {} as {}",
        name(),
        config.path(),
        backend.getClass().getSimpleName(),
        config.participantId());
    return e;
  }

  @Override
  protected void close(LeaderElection e) {
    e.close();
    log.info("Baton election '{}': left {}", name(), config.path());
  }

  /** Publishes the callbacks as Spring events on the callback thread, keeping their order. */
  private final class Events implements LeadershipListener {
    @Override
    public void elected(Leadership leadership) {
      log.info(
          "Baton election '{}': {} leads with token {}",
          name(),
          leadership.participantId(),
          leadership.token());
      publish(new LeadershipGrantedEvent(BatonElection.this, leadership));
    }

    @Override
    public void revoked(Leadership leadership, RevocationReason reason) {
      log.info("Baton election '{}': term {} ended ({})", name(), leadership.token(), reason);
      publish(new LeadershipRevokedEvent(BatonElection.this, leadership, reason));
    }

    @Override
    public void paused(Leadership leadership) {
      log.info(
          "Baton election '{}': term {} paused, the connection is suspended",
          name(),
          leadership.token());
    }

    @Override
    public void resumed(Leadership leadership) {
      log.info("Baton election '{}': term {} resumed", name(), leadership.token());
    }

    private void publish(LeadershipEvent event) {
      ApplicationEventPublisher p = publisher;
      if (p != null) {
        p.publishEvent(event);
      }
    }
  }

  @Override
  public String toString() {
    return "BatonElection{" + name() + ", " + config.path() + ", " + config.participantId() + "}";
  }
}
