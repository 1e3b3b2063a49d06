// SPDX-License-Identifier: Apache-2.0
package dev.baton.recipes.election;

import dev.baton.recipes.RevocationReason;
import dev.baton.recipes.spi.Backoff;
import dev.baton.recipes.spi.SerialLoop;
import dev.baton.recipes.spi.ThreadLoopScheduler;
import java.lang.invoke.MethodHandles;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Runs the user's callbacks in order, one at a time, on the election's callback loop (a borrowed
 * thread), never on ZooKeeper's, Curator's or the caller's threads nor under a lock. A throwing
 * callback is logged and counted (from {@code elected}, also sent to {@code onElectedFailure}); a
 * {@link VirtualMachineError} ends the loop and goes to {@code onFatal}. Only a term's own {@code
 * elected} is interrupted, and its return clears the flag, both under this monitor.
 */
final class CallbackDispatcher {
  private static final Logger log = LoggerFactory.getLogger(CallbackDispatcher.class);

  static {
    try { // see Callback
      for (Class<?> c : List.of(Callback.class, Kind.class, Marker.class)) {
        MethodHandles.lookup().ensureInitialized(c);
      }
    } catch (IllegalAccessException e) { // cannot happen: they are this class's own
      throw new ExceptionInInitializerError(e);
    }
  }

  private final LeadershipListener listener;
  private final ElectionMetrics metrics;
  private final Consumer<LeadershipHandle> onElectedFailure;
  private final ThreadLoopScheduler scheduler;
  private final SerialLoop loop;
  private @Nullable Thread inElectedThread; // under this
  private @Nullable LeadershipHandle inElected; // under this

  CallbackDispatcher(
      String name,
      LeadershipListener listener,
      ElectionMetrics metrics,
      Consumer<LeadershipHandle> onElectedFailure,
      Consumer<VirtualMachineError> onFatal) {
    this.listener = listener;
    this.metrics = metrics;
    this.onElectedFailure = onElectedFailure;
    this.scheduler = new ThreadLoopScheduler("election-callbacks", name);
    this.loop =
        new SerialLoop("election-callbacks-" + name, scheduler, Backoff.DEFAULT, () -> {}, onFatal);
  }

  void elected(LeadershipHandle h) {
    loop.execute(new Callback(Kind.ELECTED, h, null));
  }

  void revoked(LeadershipHandle h, RevocationReason reason) {
    loop.execute(new Callback(Kind.REVOKED, h, reason));
  }

  void paused(LeadershipHandle h) {
    loop.execute(new Callback(Kind.PAUSED, h, null));
  }

  void resumed(LeadershipHandle h) {
    loop.execute(new Callback(Kind.RESUMED, h, null));
  }

  /** Interrupts the callback thread if it is inside {@code elected} of {@code h}. */
  void interruptIfRunning(LeadershipHandle h) {
    synchronized (this) {
      Thread t = inElectedThread;
      if (t != null && inElected == h) {
        t.interrupt();
      }
    }
  }

  boolean isCallbackThread() {
    return scheduler.inLoop();
  }

  // Waits at most timeout for the callbacks queued so far; false if they may still run: on the
  // callback thread (which would wait for itself), or after the timeout or an interrupt.
  boolean awaitQueued(Duration timeout) {
    if (scheduler.inLoop()) {
      return false;
    }
    if (!loop.isRunning()) {
      return true; // nothing queued will run any more
    }
    Marker ran = new Marker();
    loop.execute(ran);
    try {
      return ran.ran.await(timeout.toNanos(), TimeUnit.NANOSECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt(); // the caller closes: it goes on, with the flag restored
      return false;
    }
  }

  /** Runs {@code task} after the queued callbacks, on their loop; not a user callback. */
  void afterQueued(Runnable task) {
    loop.execute(task);
  }

  /** Lets queued callbacks finish, waiting at most {@code timeout} unless called from one. */
  void shutdown(Duration timeout) {
    if (!scheduler.shutdownIfIdle()) { // idle: stopped here, without lending a thread to stop it
      loop.drain(timeout);
    }
  }

  /** Runs {@code elected} of {@code h}, where {@link #interruptIfRunning} can reach it. */
  private void runElected(LeadershipHandle h) {
    synchronized (this) {
      inElectedThread = Thread.currentThread();
      inElected = h;
    }
    try {
      listener.elected(h);
    } finally {
      synchronized (this) {
        inElected = null;
        inElectedThread = null;
        Thread.interrupted(); // an interrupt aimed at this term must not leak out of it
      }
    }
  }

  private enum Kind {
    ELECTED,
    REVOKED,
    PAUSED,
    RESUMED;

    String callback() {
      return name().toLowerCase(Locale.ROOT);
    }
  }

  // One user callback. Classes, not lambdas, preloaded: a JVM's first revoked often runs in a
  // shutdown hook, where linking a lambda would delay the leader's delete by a millisecond.
  private final class Callback implements Runnable {
    private final Kind kind;
    private final LeadershipHandle h;
    private final @Nullable RevocationReason reason;

    Callback(Kind kind, LeadershipHandle h, @Nullable RevocationReason reason) {
      this.kind = kind;
      this.h = h;
      this.reason = reason;
    }

    @Override
    public void run() {
      try {
        if (kind == Kind.ELECTED) {
          runElected(h);
        } else if (kind == Kind.REVOKED) {
          listener.revoked(h, Objects.requireNonNull(reason, "a revocation has a reason"));
        } else if (kind == Kind.PAUSED) {
          listener.paused(h);
        } else {
          listener.resumed(h);
        }
      } catch (VirtualMachineError e) {
        throw e;
      } catch (Throwable e) { // Errors, and checked exceptions thrown sneakily, are the callback's
        metrics.callbackFailed(kind.callback());
        log.error(
            "the {} callback of participant {} (token {}) threw",
            kind.callback(),
            h.participantId(),
            h.token(),
            e);
        if (kind == Kind.ELECTED) {
          onElectedFailure.accept(h);
        }
      }
    }
  }

  /** Counts down once the callbacks queued before it have run. */
  private static final class Marker implements Runnable {
    private final CountDownLatch ran = new CountDownLatch(1);

    @Override
    public void run() {
      ran.countDown();
    }
  }
}
