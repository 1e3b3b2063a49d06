// SPDX-License-Identifier: Apache-2.0
package dev.baton.recipes.lease;

import dev.baton.recipes.spi.Backoff;
import dev.baton.recipes.spi.Io;
import dev.baton.recipes.spi.SerialLoop;
import dev.baton.recipes.spi.Shell;
import dev.baton.recipes.spi.ThreadLoopScheduler;
import java.time.Duration;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.SplittableRandom;
import java.util.concurrent.ThreadLocalRandom;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A lease candidate's I/O: runs {@link LeaseMachine} actions on the store, on the renewal loop (no
 * user code), with each statement's monotonic send time; a second loop enforces the deadline.
 */
final class LeaseIo implements Io<LeaseEvent, LeaseAction> {
  private static final Logger log = LoggerFactory.getLogger(LeaseIo.class);

  private final JdbcLeaseStore store;
  private final @Nullable Wakeups wakeups;
  private final LeaseCandidacy core;
  private final String participantId;
  private final String holder; // this instance's identity in the lease row
  private final Duration stopWait;
  private final Shell<LeaseEvent, LeaseAction> shell;
  private final SerialLoop deadlines; // never silent: a failure is logged, a fatal one fails all
  private volatile boolean reachable = true;
  private volatile @Nullable String lastFailure; // of the last statement, while it failed
  private boolean failing; // under the shell's lock: a streak of failed statements is logged once
  private long followingSince; // under the shell's lock: since the start or the last term's end
  private volatile boolean releasedOnLeave; // a release of the close matched holder and token

  LeaseIo(
      JdbcLeaseStore store,
      @Nullable Wakeups wakeups,
      LeaseConfig lease,
      LeaseCandidacy core,
      String participantId,
      String name) {
    this.store = store;
    this.wakeups = wakeups;
    this.core = core;
    this.participantId = participantId;
    this.holder = LeaseHolder.of(participantId, ThreadLocalRandom.current().nextLong());
    this.stopWait = lease.renewTimeout().plusSeconds(1);
    LeaseMachine machine = new LeaseMachine(lease, new SplittableRandom());
    this.shell =
        new Shell<>(
            "lease-" + name,
            new ThreadLoopScheduler("lease", name),
            (event, now) -> machine.on(event),
            new LeaseEvent.Wake(), // a follower whose poll was lost polls again
            core::fail);
    this.deadlines =
        new SerialLoop(
            "lease-deadline-" + name,
            new ThreadLoopScheduler("lease-deadline", name),
            Backoff.DEFAULT,
            () -> {}, // each deadline task stands alone: nothing to recover
            core::fail);
  }

  void start() {
    shell.start(this);
    shell.execute(
        () -> {
          if (wakeups != null) {
            shell.keep(wakeups.subscribe(() -> shell.post(new LeaseEvent.Wake())));
          }
          followingSince = shell.nanoTime();
          shell.feed(new LeaseEvent.Start());
        });
  }

  /** The term of {@code token} ended outside the machine: the lease is released. */
  void ended(long token) {
    shell.post(new LeaseEvent.Ended(token));
  }

  /** Stops after a fatal error: a held lease is released and nothing is acquired any more. */
  void withdraw() {
    shell.withdraw(new LeaseEvent.Close(), () -> {});
  }

  // Releases a held lease and stops; true only if this released a lease matching holder and token.
  boolean close(Duration timeout) {
    // A close is cleanup: an interrupt pending before it must not fail the release; it is restored.
    boolean interrupted = Thread.interrupted();
    try {
      shell.close(new LeaseEvent.Close(), timeout.plus(stopWait), () -> {});
    } finally {
      if (interrupted) {
        Thread.currentThread().interrupt();
      }
    }
    deadlines.shutdown(Duration.ZERO);
    return releasedOnLeave;
  }

  boolean reachable() {
    return reachable;
  }

  long failures() {
    return shell.failures();
  }

  /** What does not work, and why: a failing statement, or wake-ups (followers only poll). */
  Optional<String> degraded() {
    String failure = reachable ? null : lastFailure;
    Optional<String> wakes = wakeups == null ? Optional.empty() : wakeups.degraded();
    if (failure == null) {
      return wakes;
    }
    return Optional.of(wakes.map(w -> failure + "; " + w).orElse(failure));
  }

  @Override
  public @Nullable LeaseEvent apply(LeaseAction action) {
    if (action instanceof LeaseAction.Acquire) {
      long sent = shell.nanoTime();
      OptionalLong token;
      try {
        token = store.acquire(holder);
      } catch (RuntimeException e) { // CoordinationException, or a driver's or pool's surprise
        failed("acquire", e);
        return new LeaseEvent.AcquireFailed();
      }
      answered();
      return token.isPresent()
          ? new LeaseEvent.Acquired(token.getAsLong(), sent, shell.nanoTime())
          : new LeaseEvent.Refused();
    } else if (action instanceof LeaseAction.Renew r) {
      long sent = shell.nanoTime();
      boolean renewed;
      try {
        renewed = store.renew(holder, r.token());
      } catch (RuntimeException e) {
        failed("renew", e);
        return new LeaseEvent.RenewFailed(r.token());
      }
      answered();
      return renewed
          ? new LeaseEvent.Renewed(r.token(), sent, shell.nanoTime())
          : new LeaseEvent.RenewRefused(r.token());
    } else if (action instanceof LeaseAction.Release r) {
      followingSince = shell.nanoTime(); // every ended term is released
      try {
        boolean released = store.release(holder, r.token());
        answered();
        if (shell.leaving()) {
          releasedOnLeave = released;
        }
      } catch (RuntimeException e) {
        failed("release (the lease expires instead)", e);
      }
    } else if (action instanceof LeaseAction.Begin b) {
      if (core.begin(
          b.token(), b.deadline(), Duration.ofNanos(shell.nanoTime() - followingSince))) {
        watch(b.token(), b.deadline());
      } else {
        return new LeaseEvent.Ended(b.token()); // closed or failed meanwhile: give the row back
      }
    } else if (action instanceof LeaseAction.Extend x) {
      core.extend(x.token(), x.deadline());
      watch(x.token(), x.deadline());
    } else if (action instanceof LeaseAction.End e) {
      core.end(e.token(), e.reason());
    } else if (action instanceof LeaseAction.Wait w) {
      shell.postAfter(w.delayNanos(), () -> new LeaseEvent.Tick(w.generation(), shell.nanoTime()));
    } else {
      throw new IllegalStateException("unknown lease action " + action);
    }
    return null;
  }

  /** Ends the term of {@code token} at {@code deadline} unless a renewal extended it by then. */
  private void watch(long token, long deadline) {
    long delay = Math.max(0, deadline - deadlines.nanoTime());
    deadlines.schedule(delay, () -> core.expireIfDue(token, deadlines.nanoTime()));
  }

  private void answered() {
    reachable = true;
    lastFailure = null;
    if (failing) {
      failing = false;
      log.info("participant {} reaches the lease of {} again", participantId, store.name());
    }
  }

  private void failed(String what, RuntimeException e) {
    String failure = "cannot " + what + " the lease of " + store.name() + ": " + e;
    lastFailure = failure;
    reachable = false;
    if (wakeups != null && !(e instanceof LeaseTableException)) {
      wakeups.statementFailed(failure); // a listener holding the pool's last connection gives way
    }
    if (e instanceof LeaseTableException) {
      log.error("participant {} cannot {} the lease of {}", participantId, what, store.name(), e);
    } else if (!failing) {
      log.warn("participant {} cannot {} the lease of {}", participantId, what, store.name(), e);
    } else {
      log.debug(
          "participant {} cannot {} the lease of {}: {}",
          participantId,
          what,
          store.name(),
          e.toString());
    }
    failing = true;
  }
}
