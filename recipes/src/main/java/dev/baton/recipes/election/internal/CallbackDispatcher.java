package dev.baton.recipes.election.internal;

import dev.baton.recipes.election.Leadership;
import dev.baton.recipes.election.LeadershipListener;
import dev.baton.recipes.RevocationReason;
import java.time.Duration;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Runs the user's callbacks one at a time, in submission order, on the election's own thread. Never
 * runs them on the caller's thread. Exceptions are logged with the participant and token, counted, and
 * reported to {@code onElectedFailure} for {@code elected}.
 */
final class CallbackDispatcher {
  private static final Logger log = LoggerFactory.getLogger(CallbackDispatcher.class);

  private final LeadershipListener listener;
  private final ElectionMetrics metrics;
  private final Consumer<LeadershipHandle> onElectedFailure;
  private final ExecutorService executor;
  private volatile Thread thread;
  private volatile LeadershipHandle inElected;

  CallbackDispatcher(
      String name, LeadershipListener listener, ElectionMetrics metrics,
      Consumer<LeadershipHandle> onElectedFailure) {
    this.listener = listener;
    this.metrics = metrics;
    this.onElectedFailure = onElectedFailure;
    ThreadPoolExecutor pool = new ThreadPoolExecutor(1, 1, 0, TimeUnit.MILLISECONDS,
        new LinkedBlockingQueue<>(), r -> {
          Thread t = new Thread(r, "baton-election-callbacks-" + name);
          t.setDaemon(true);
          thread = t;
          return t;
        });
    // Started now, not at the first callback: a thread start on the handover path costs a millisecond.
    pool.prestartCoreThread();
    this.executor = pool;
  }

  void elected(LeadershipHandle h) {
    submit("elected", h, () -> {
      inElected = h;
      try {
        listener.elected(h);
      } finally {
        inElected = null;
        Thread.interrupted(); // an interrupt aimed at this term must not leak into the next callback
      }
    }, true);
  }

  void revoked(LeadershipHandle h, RevocationReason reason) {
    submit("revoked", h, () -> listener.revoked(h, reason), false);
  }

  void paused(LeadershipHandle h) {
    submit("paused", h, () -> listener.paused(h), false);
  }

  void resumed(LeadershipHandle h) {
    submit("resumed", h, () -> listener.resumed(h), false);
  }

  /** Interrupts the callback thread if it is inside {@code elected} of {@code h}. */
  void interruptIfRunning(LeadershipHandle h) {
    Thread t = thread;
    if (t != null && inElected == h) {
      t.interrupt();
    }
  }

  boolean isCallbackThread() {
    return Thread.currentThread() == thread;
  }

  /** Lets queued callbacks finish, waiting at most {@code timeout} unless called from a callback. */
  void shutdown(Duration timeout) {
    executor.shutdown();
    if (isCallbackThread()) {
      return;
    }
    try {
      if (!executor.awaitTermination(timeout.toNanos(), TimeUnit.NANOSECONDS)) {
        log.warn("election callbacks did not finish within {}; interrupting them", timeout);
        executor.shutdownNow();
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      executor.shutdownNow();
    }
  }

  private void submit(String callback, Leadership h, Runnable body, boolean isElected) {
    try {
      executor.execute(() -> {
        try {
          body.run();
        } catch (RuntimeException | Error e) {
          metrics.callbackFailed(callback);
          log.error("the {} callback of participant {} (token {}) threw", callback,
              h.participantId(), h.token(), e);
          if (isElected) {
            onElectedFailure.accept((LeadershipHandle) h);
          }
        }
      });
    } catch (RejectedExecutionException e) {
      log.warn("{} callback for {} dropped: the election is closed", callback, h);
    }
  }
}
