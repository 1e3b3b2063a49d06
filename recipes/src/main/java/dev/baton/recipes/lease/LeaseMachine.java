// SPDX-License-Identifier: Apache-2.0
package dev.baton.recipes.lease;

import dev.baton.recipes.RevocationReason;
import dev.baton.recipes.lease.LeaseAction.Acquire;
import dev.baton.recipes.lease.LeaseAction.Begin;
import dev.baton.recipes.lease.LeaseAction.End;
import dev.baton.recipes.lease.LeaseAction.Extend;
import dev.baton.recipes.lease.LeaseAction.Release;
import dev.baton.recipes.lease.LeaseAction.Renew;
import dev.baton.recipes.lease.LeaseAction.Wait;
import java.util.List;
import java.util.random.RandomGenerator;
import org.jspecify.annotations.Nullable;

/**
 * The decisions of one lease candidate, without I/O: state and event in, actions out; one loop
 * feeds it. A term is active until its deadline: the monotonic send time of the granting or last
 * renewing statement, plus the lease duration, minus the safety margin. The database's grant
 * started later, so the deadline never outlasts it; an answer arriving past it extends nothing.
 *
 * <p>A follower acquires on start, on every (jittered) poll and on a wake-up. A holder renews every
 * renew interval from when the last statement was sent (a slow answer does not eat the next one's
 * timeout); a renewal refused, failed or confirmed late ends the term at once. An ended term is
 * released (best effort) and never resumed: each acquisition gets a new token.
 */
final class LeaseMachine {
  private final long leaseNanos;
  private final long marginNanos;
  private final long renewNanos;
  private final long pollNanos;
  private final double jitter;
  private final RandomGenerator random;

  private long held; // the token of the active term, 0 if none
  private long deadline; // of the active term
  private long generation;
  private boolean closed;

  public LeaseMachine(LeaseConfig config, RandomGenerator random) {
    this.leaseNanos = config.leaseDuration().toNanos();
    this.marginNanos = config.safetyMargin().toNanos();
    this.renewNanos = config.renewInterval().toNanos();
    this.pollNanos = config.pollInterval().toNanos();
    this.jitter = config.pollJitter();
    this.random = random;
  }

  /** The actions for {@code event}, in the order they must be carried out. */
  public List<LeaseAction> on(LeaseEvent event) {
    if (closed) {
      return List.of();
    }
    if (event instanceof LeaseEvent.Tick t) {
      return tick(t);
    }
    if (event instanceof LeaseEvent.Acquired a) {
      return acquired(a);
    }
    if (event instanceof LeaseEvent.Renewed r) {
      return renewed(r);
    }
    if (event instanceof LeaseEvent.RenewRefused r) {
      return r.token() == held ? endTerm(RevocationReason.LEASE_LOST, false) : List.of();
    }
    if (event instanceof LeaseEvent.RenewFailed r) {
      return r.token() == held ? endTerm(RevocationReason.RENEWAL_FAILED, true) : List.of();
    }
    if (event instanceof LeaseEvent.Ended e) {
      return e.token() == held ? endTerm(null, true) : List.of();
    }
    if (event instanceof LeaseEvent.Close) {
      return close();
    }
    if (event instanceof LeaseEvent.Refused || event instanceof LeaseEvent.AcquireFailed) {
      return List.of(poll());
    }
    // Start, or a wake-up: a follower tries at once (a holder has nothing to do)
    return held == 0 ? List.of(new Acquire()) : List.of();
  }

  private List<LeaseAction> tick(LeaseEvent.Tick t) {
    if (t.generation() != generation) {
      return List.of(); // a timer of an earlier state
    }
    if (held == 0) {
      return List.of(new Acquire());
    }
    if (t.now() - deadline >= 0) {
      return endTerm(RevocationReason.LEASE_EXPIRED, true);
    }
    return List.of(new Renew(held));
  }

  private List<LeaseAction> acquired(LeaseEvent.Acquired a) {
    long until = a.sentAt() + leaseNanos - marginNanos;
    if (a.now() - until >= 0) {
      // granted, but the answer came too late to act on: give it back
      return List.of(new Release(a.token()), poll());
    }
    held = a.token();
    deadline = until;
    return List.of(new Begin(held, deadline), renewLater(a.sentAt(), a.now()));
  }

  private List<LeaseAction> renewed(LeaseEvent.Renewed r) {
    if (r.token() != held) {
      return List.of();
    }
    long until = r.sentAt() + leaseNanos - marginNanos;
    if (r.now() - deadline >= 0 || r.now() - until >= 0) {
      return endTerm(RevocationReason.LEASE_EXPIRED, true); // confirmed, but too late
    }
    deadline = until;
    return List.of(new Extend(held, deadline), renewLater(r.sentAt(), r.now()));
  }

  /** Ends the held term ({@code reason} null: it already ended outside) and releases it. */
  private List<LeaseAction> endTerm(@Nullable RevocationReason reason, boolean release) {
    long token = held;
    held = 0;
    if (reason == null) {
      return release ? List.of(new Release(token), poll()) : List.of(poll());
    }
    return release
        ? List.of(new End(token, reason), new Release(token), poll())
        : List.of(new End(token, reason), poll());
  }

  private List<LeaseAction> close() {
    closed = true;
    generation++;
    if (held == 0) {
      return List.of();
    }
    long token = held;
    held = 0;
    return List.of(new End(token, RevocationReason.CLOSED), new Release(token));
  }

  /** The next renewal: the renew interval after the last confirmed statement was sent. */
  private Wait renewLater(long sentAt, long now) {
    return new Wait(++generation, Math.max(0, sentAt + renewNanos - now));
  }

  private Wait poll() {
    long extra = jitter == 0 ? 0 : (long) (random.nextDouble() * jitter * pollNanos);
    return new Wait(++generation, pollNanos + extra);
  }
}
