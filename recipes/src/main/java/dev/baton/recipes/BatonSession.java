// SPDX-License-Identifier: Apache-2.0
package dev.baton.recipes;

import dev.baton.recipes.backend.Backend;
import dev.baton.recipes.backend.Candidacy;
import dev.baton.recipes.backend.Contest;
import dev.baton.recipes.backend.Holder;
import dev.baton.recipes.security.AclPolicy;
import dev.baton.recipes.security.Authentication;
import dev.baton.recipes.security.CuratorSecurity;
import dev.baton.recipes.spi.HoldSeat;
import dev.baton.recipes.spi.Liveness;
import dev.baton.recipes.spi.TermHandle;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicReference;
import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.framework.CuratorFrameworkFactory;
import org.apache.curator.framework.imps.CuratorFrameworkState;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One ZooKeeper session shared by the recipes built on it; its timeout decides how long a silent
 * owner keeps its ephemeral znodes. {@link #start(SessionConfig)} owns its Curator client, {@link
 * #wrap(CuratorFramework)} adopts one the caller closes. {@link #close()} (idempotent) first closes
 * recipes attached with {@link #closeWithSession(AutoCloseable)}, newest first, so that they can
 * delete their znodes and hand ownership over before the session ends. Thread-safe.
 */
public final class BatonSession implements Backend, AutoCloseable {
  private static final Logger log = LoggerFactory.getLogger(BatonSession.class);

  private enum State {
    STARTED,
    CLOSED
  }

  private final CuratorFramework client;
  private final boolean ownsClient;
  private final @Nullable AclPolicy aclPolicy;
  private final AtomicReference<State> state = new AtomicReference<>(State.STARTED);
  private final Deque<AutoCloseable> attached = new ArrayDeque<>(2); // usually one recipe
  private final @Nullable Thread shutdownHook;
  private final CuratorLiveness liveness;
  private final Duration closeTimeout;
  private final String name = Integer.toHexString(System.identityHashCode(this));

  private BatonSession(
      CuratorFramework client,
      boolean ownsClient,
      boolean closeOnJvmExit,
      @Nullable AclPolicy aclPolicy,
      Duration closeTimeout) {
    this.client = client;
    this.ownsClient = ownsClient;
    this.aclPolicy = aclPolicy;
    this.closeTimeout = closeTimeout;
    this.liveness = new CuratorLiveness(client, name, closeTimeout);
    if (closeOnJvmExit) {
      this.shutdownHook = new Thread(this::closeFromHook, "baton-session-shutdown");
      Runtime.getRuntime().addShutdownHook(shutdownHook);
    } else {
      this.shutdownHook = null;
    }
  }

  /**
   * Connects a new session, waiting up to the connection timeout.
   *
   * @throws CoordinationException if no server answered in time or the client refused to start
   */
  public static BatonSession start(SessionConfig config) {
    Objects.requireNonNull(config, "config");
    CuratorFrameworkFactory.Builder builder =
        CuratorFrameworkFactory.builder()
            .connectString(config.connectString())
            .sessionTimeoutMs((int) config.sessionTimeout().toMillis())
            .connectionTimeoutMs((int) config.connectionTimeout().toMillis())
            .retryPolicy(config.retryPolicy())
            // Baton does not follow reconfiguration: the tracker's watch costs a request
            .ensembleTracker(false);
    config.namespace().ifPresent(builder::namespace);
    CuratorSecurity.configure(
        builder, config.authentications(), config.tls().orElse(null), config.aclPolicy());
    CuratorFramework client = builder.build();
    SessionConnect.startAndAwait(
        client, config.connectString(), config.connectionTimeout(), config.tls().isPresent());
    if (config.authentications().stream().anyMatch(Authentication::isSasl)) {
      SaslLoginCheck.check(client, config);
    }
    return new BatonSession(
        client, true, config.closeOnJvmExit(), config.aclPolicy(), config.closeTimeout());
  }

  /**
   * Adopts a started Curator client that the caller closes; closing this session closes only the
   * attached recipes, which wait at most {@link SessionConfig#DEFAULT_CLOSE_TIMEOUT} on close.
   */
  public static BatonSession wrap(CuratorFramework client) {
    Objects.requireNonNull(client, "client");
    if (client.getState() != CuratorFrameworkState.STARTED) {
      throw new IllegalStateException(
          "the Curator client must be started, it is " + client.getState());
    }
    return new BatonSession(client, false, false, null, SessionConfig.DEFAULT_CLOSE_TIMEOUT);
  }

  /** The Curator client behind this session, for recipes and advanced use. */
  public CuratorFramework curator() {
    return client;
  }

  /** The ACL policy of this session's znodes; empty for a {@linkplain #wrap wrapped} client. */
  public Optional<AclPolicy> aclPolicy() {
    return Optional.ofNullable(aclPolicy);
  }

  /** True while the client is connected to a server of the ensemble. */
  public boolean isConnected() {
    return liveness.current().isConnected();
  }

  /** The session's liveness: its connection epochs and {@code done} signal, for its recipes. */
  public Liveness liveness() {
    return liveness;
  }

  /** The current ZooKeeper session id (0 before the first connection; changes on expiry). */
  public long sessionId() {
    return ZkCalls.call(
        "read the ZooKeeper session id",
        () -> client.getZookeeperClient().getZooKeeper().getSessionId());
  }

  /**
   * The session timeout the servers granted, clamping {@link SessionConfig#sessionTimeout()}: the
   * real failover time after a crash.
   *
   * @throws IllegalStateException if closed, or not connected yet (also after an expiry)
   */
  public Duration negotiatedSessionTimeout() {
    if (!isOpen()) {
      throw new IllegalStateException("the session is closed: no negotiated session timeout");
    }
    int millis =
        ZkCalls.call(
            "read the negotiated session timeout",
            () -> client.getZookeeperClient().getZooKeeper().getSessionTimeout());
    if (millis <= 0) {
      throw new IllegalStateException(
          "the session is not connected yet: no session timeout has been negotiated");
    }
    return Duration.ofMillis(millis);
  }

  /** How long a close waits for the ensemble to answer ({@link SessionConfig#closeTimeout()}). */
  public Duration closeTimeout() {
    return closeTimeout;
  }

  /** True until {@link #close()} was called. */
  public boolean isOpen() {
    return state.get() == State.STARTED;
  }

  /**
   * Attaches a recipe (or anything closeable) to close before this session, newest first.
   *
   * @throws IllegalStateException if the session is already closed
   */
  public void closeWithSession(AutoCloseable closeable) {
    Objects.requireNonNull(closeable, "closeable");
    synchronized (attached) {
      if (state.get() != State.STARTED) {
        throw new IllegalStateException("the session is closed");
      }
      attached.push(closeable);
    }
  }

  /** As {@link #closeWithSession}: the {@link Backend}'s word for it. */
  @Override
  public void closeWith(AutoCloseable recipe) {
    closeWithSession(recipe);
  }

  /** Joins the queue {@code contest.name()}; its first znode holds the term (token: its czxid). */
  @Override
  public Candidacy join(Contest contest, Candidacy.Listener listener) {
    Objects.requireNonNull(contest, "contest");
    Objects.requireNonNull(listener, "listener");
    return QueueCandidacy.join(
        new ZkQueueStore(client, liveness, contest.name()), contest, listener);
  }

  /**
   * The first candidate of the queue {@code name}, read afresh.
   *
   * @throws MalformedCandidateException if the queue's first znode is not a candidate's
   */
  @Override
  public Optional<Holder> holder(String name) {
    return new QueueReader(client, Objects.requireNonNull(name, "name")).holder();
  }

  /**
   * The candidates of the queue {@code name} in order, read afresh.
   *
   * @throws MalformedCandidateException if a znode of the queue is not a candidate's
   */
  @Override
  public List<Holder> participants(String name) {
    return new QueueReader(client, Objects.requireNonNull(name, "name")).participants();
  }

  /**
   * The seat of a lock on the queue {@code path}, for {@code FencedLock} (not applications): {@code
   * ownerId} names the holder, {@code watchHeldNode} ends a hold whose entry someone else deleted.
   */
  public <H extends TermHandle> HoldSeat<H> lockSeat(
      String path, String ownerId, boolean watchHeldNode, HoldSeat.Holds<H> holds) {
    return new LockQueue<>(
        this,
        Objects.requireNonNull(path, "path"),
        Objects.requireNonNull(ownerId, "ownerId"),
        watchHeldNode,
        Objects.requireNonNull(holds, "holds"));
  }

  /** Forgets an attached object, for recipes that were closed on their own. */
  @Override
  public void detach(AutoCloseable closeable) {
    synchronized (attached) {
      attached.remove(closeable);
    }
  }

  /**
   * Closes the attached recipes, newest first, then the owned client, waiting for the ensemble at
   * most {@link #closeTimeout()}; past it, logs one line and closes unanswered (the session then
   * expires). Once a recipe gave up waiting, the session does not wait again.
   */
  @Override
  public void close() {
    if (!state.compareAndSet(State.STARTED, State.CLOSED)) {
      return;
    }
    if (shutdownHook != null && Thread.currentThread() != shutdownHook) {
      try {
        Runtime.getRuntime().removeShutdownHook(shutdownHook);
      } catch (IllegalStateException alreadyShuttingDown) {
        log.debug("JVM already shutting down; the hook stays registered");
      }
    }
    while (true) {
      AutoCloseable next;
      synchronized (attached) {
        next = attached.poll();
      }
      if (next == null) {
        break;
      }
      try {
        next.close();
      } catch (Exception e) {
        log.warn("closing {} with the session failed", next, e);
      }
    }
    Duration wait = liveness.closeWait();
    boolean connected = liveness.current().isConnected();
    liveness.close();
    if (ownsClient) {
      new BoundedClose(client, name, log).close(wait, connected);
    }
  }

  /** The shutdown hook: closes first (the recipes hand over at once), then logs. */
  private void closeFromHook() {
    long id = liveness.current().sessionId();
    close();
    log.info(
        "JVM shutdown: closed the Baton session {} so that its ownership was handed over at once",
        Long.toHexString(id));
  }
}
