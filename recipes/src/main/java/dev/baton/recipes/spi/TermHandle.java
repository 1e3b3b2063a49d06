// SPDX-License-Identifier: Apache-2.0
package dev.baton.recipes.spi;

import dev.baton.fencing.FencingToken;
import dev.baton.recipes.RevocationReason;
import dev.baton.recipes.Term;
import java.time.Duration;
import java.time.Instant;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.jspecify.annotations.Nullable;

/**
 * The one implementation of {@link Term}'s state machine, shared by every recipe's handle: ACTIVE
 * &harr; PAUSED, then once to REVOKED, by compare-and-set, so a revocation happens (and is
 * reported) exactly once. State and reason change in one step, so {@link #checkActive()} never sees
 * a revoked term without its reason. Subclasses add their fields and name the exception it throws.
 */
public abstract class TermHandle implements Term {
  /** A term's state. */
  public enum State {
    ACTIVE,
    PAUSED,
    REVOKED
  }

  private record Status(State state, @Nullable RevocationReason reason) {}

  private static final Status ACTIVE = new Status(State.ACTIVE, null);
  private static final Status PAUSED = new Status(State.PAUSED, null);

  private final FencingToken token;
  private final Instant startedAt;
  private final String nodePath;
  private final AtomicReference<Status> status = new AtomicReference<>(ACTIVE);
  private final CountDownLatch revoked = new CountDownLatch(1);

  protected TermHandle(FencingToken token, Instant startedAt) {
    this(token, startedAt, "");
  }

  /** A term held at {@code nodePath}, the backend's node of the term (see {@link #nodePath()}). */
  protected TermHandle(FencingToken token, Instant startedAt, String nodePath) {
    this.token = Objects.requireNonNull(token, "token");
    this.startedAt = Objects.requireNonNull(startedAt, "startedAt");
    this.nodePath = Objects.requireNonNull(nodePath, "nodePath");
  }

  /** The backend's node of this term (a znode path, or the lease row), empty if not given. */
  public String nodePath() {
    return nodePath;
  }

  /** The exception {@link #checkActive()} throws; {@code reason} is null while only paused. */
  protected abstract RuntimeException lost(@Nullable RevocationReason reason);

  @Override
  public final FencingToken token() {
    return token;
  }

  @Override
  public final Instant startedAt() {
    return startedAt;
  }

  @Override
  public final boolean isActive() {
    return status().state() == State.ACTIVE;
  }

  @Override
  public final boolean isRevoked() {
    return status().state() == State.REVOKED;
  }

  /** The current state. */
  public final State state() {
    return status().state();
  }

  @Override
  public final void checkActive() {
    Status s = status();
    if (s.state() != State.ACTIVE) {
      throw lost(s.reason());
    }
  }

  @Override
  public final Optional<RevocationReason> revocationReason() {
    return Optional.ofNullable(status().reason());
  }

  @Override
  public final boolean awaitRevocation(Duration timeout) throws InterruptedException {
    return revoked.await(timeout.toNanos(), TimeUnit.NANOSECONDS);
  }

  /** ACTIVE to PAUSED; true if this call paused it. */
  public final boolean pause() {
    return status.compareAndSet(ACTIVE, PAUSED);
  }

  /** PAUSED to ACTIVE; true if this call resumed it. */
  public final boolean resume() {
    return status.compareAndSet(PAUSED, ACTIVE);
  }

  /** To REVOKED from any other state; true only for the one call that revoked it. */
  public final boolean revoke(RevocationReason why) {
    Objects.requireNonNull(why, "why");
    Status next = new Status(State.REVOKED, why);
    while (true) {
      Status s = status();
      if (s.state() == State.REVOKED) {
        return false;
      }
      if (status.compareAndSet(s, next)) {
        revoked.countDown();
        return true;
      }
    }
  }

  /** The state and, once revoked, the reason, for {@code toString}. */
  protected final String describeState() {
    Status s = status();
    return s.reason() == null ? s.state().toString() : s.state() + ", " + s.reason();
  }

  /** The status, never null (NullAway reads {@link AtomicReference#get()} as nullable). */
  @SuppressWarnings("NullAway")
  private Status status() {
    return status.get();
  }
}
