package dev.baton.recipes.election.internal;

import dev.baton.fencing.FencingToken;
import dev.baton.recipes.election.Leadership;
import dev.baton.recipes.election.LeadershipLostException;
import dev.baton.recipes.election.RevocationReason;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;

/**
 * The handle of one term. Its state moves ACTIVE &harr; PAUSED and then once to REVOKED, by
 * compare-and-set, so that a revocation is observed (and reported) exactly once.
 */
public final class LeadershipHandle implements Leadership {
  /** The term's state. */
  public enum State { ACTIVE, PAUSED, REVOKED }

  private final String participantId;
  private final FencingToken token;
  private final String nodePath;
  private final Instant electedAt;
  private final AtomicReference<State> state = new AtomicReference<>(State.ACTIVE);
  private final CountDownLatch revokedLatch = new CountDownLatch(1);
  private volatile RevocationReason reason;

  public LeadershipHandle(String participantId, FencingToken token, String nodePath,
      Instant electedAt) {
    this.participantId = participantId;
    this.token = token;
    this.nodePath = nodePath;
    this.electedAt = electedAt;
  }

  @Override
  public String participantId() {
    return participantId;
  }

  @Override
  public FencingToken token() {
    return token;
  }

  @Override
  public String nodePath() {
    return nodePath;
  }

  @Override
  public Instant electedAt() {
    return electedAt;
  }

  @Override
  public boolean isActive() {
    return state.get() == State.ACTIVE;
  }

  @Override
  public boolean isRevoked() {
    return state.get() == State.REVOKED;
  }

  /** The current state. */
  public State state() {
    return state.get();
  }

  @Override
  public void checkActive() {
    if (!isActive()) {
      throw new LeadershipLostException(participantId, token, reason);
    }
  }

  @Override
  public Optional<RevocationReason> revocationReason() {
    return Optional.ofNullable(reason);
  }

  @Override
  public boolean awaitRevocation(Duration timeout) throws InterruptedException {
    return revokedLatch.await(timeout.toNanos(), TimeUnit.NANOSECONDS);
  }

  /** ACTIVE to PAUSED; true if this call paused it. */
  boolean pause() {
    return state.compareAndSet(State.ACTIVE, State.PAUSED);
  }

  /** PAUSED to ACTIVE; true if this call resumed it. */
  boolean resume() {
    return state.compareAndSet(State.PAUSED, State.ACTIVE);
  }

  /** To REVOKED from any other state; true only for the call that revoked it. */
  boolean revoke(RevocationReason why) {
    while (true) {
      State s = state.get();
      if (s == State.REVOKED) {
        return false;
      }
      if (state.compareAndSet(s, State.REVOKED)) {
        reason = why;
        revokedLatch.countDown();
        return true;
      }
    }
  }

  @Override
  public String toString() {
    return "Leadership{" + participantId + ", " + token + ", " + state.get()
        + (reason == null ? "" : ", " + reason) + "}";
  }
}
