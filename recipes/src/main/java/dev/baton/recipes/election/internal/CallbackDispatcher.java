// SPDX-License-Identifier: Apache-2.0
package dev.baton.recipes.election.internal;

import dev.baton.recipes.RevocationReason;
import dev.baton.recipes.election.LeadershipListener;
import dev.baton.recipes.kernel.Backoff;
import dev.baton.recipes.kernel.SerialLoop;
import dev.baton.recipes.kernel.ThreadLoopScheduler;
import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Runs the user's callbacks one at a time, in submission order, on the election's own callback
 * loop: never on the caller's thread, ZooKeeper's or Curator's threads, nor under a lock. The loop
 * borrows a Baton thread only while it has callbacks to run ({@link ThreadLoopScheduler}), named
 * {@code baton-election-callbacks-<participant>@<path>} meanwhile. A callback that throws is logged
 * with the participant and token and counted; from {@code elected} it is also reported to {@code
 * onElectedFailure}. A {@link VirtualMachineError} ends the callback loop (see {@link SerialLoop})
 * and is reported to {@code onFatal}.
 *
 * <p>{@link #interruptIfRunning} interrupts the thread only while it is inside that term's {@code
 * elected}, and the interrupt status is cleared when {@code elected} returns, both under this
 * object's monitor (never held while a callback runs), so the interrupt can reach neither a later
 * callback nor another loop that borrows the thread afterwards.
 */
final class CallbackDispatcher {
  private static final Logger log = LoggerFactory.getLogger(CallbackDispatcher.class);

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
    submit(
        "elected",
        h,
        () -> {
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
        },
        true);
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

  /**
   * Waits at most {@code timeout} until the callbacks queued so far have run; not at all on the
   * callback thread, which would wait for itself, nor once the callback loop has stopped.
   *
   * @return false if they may still be running: on the callback thread, or after the timeout or an
   *     interrupt (the interrupt is restored)
   */
  boolean awaitQueued(Duration timeout) {
    if (scheduler.inLoop()) {
      return false;
    }
    if (!loop.isRunning()) {
      return true; // nothing queued will run any more
    }
    CountDownLatch ran = new CountDownLatch(1);
    loop.execute(ran::countDown);
    try {
      return ran.await(timeout.toNanos(), TimeUnit.NANOSECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt(); // the caller closes: it goes on, with the flag restored
      return false;
    }
  }

  /**
   * Runs {@code task} on the callback loop once the callbacks queued so far have returned: a
   * closing leader's delete goes from the thread that ran its {@code revoked} callback, without a
   * hand-off back to the closing thread first. Not a user callback: it is not counted as one.
   */
  void afterQueued(Runnable task) {
    loop.execute(task);
  }

  /**
   * Lets queued callbacks finish, waiting at most {@code timeout} unless called from a callback.
   */
  void shutdown(Duration timeout) {
    loop.drain(timeout);
  }

  private void submit(String callback, LeadershipHandle h, Runnable body, boolean isElected) {
    loop.execute(
        () -> {
          try {
            body.run();
          } catch (VirtualMachineError e) {
            throw e;
          } catch (RuntimeException | Error e) {
            metrics.callbackFailed(callback);
            log.error(
                "the {} callback of participant {} (token {}) threw",
                callback,
                h.participantId(),
                h.token(),
                e);
            if (isElected) {
              onElectedFailure.accept(h);
            }
          }
        });
  }
}
