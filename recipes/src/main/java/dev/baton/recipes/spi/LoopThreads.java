// SPDX-License-Identifier: Apache-2.0
package dev.baton.recipes.spi;

import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.SynchronousQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;

/**
 * The threads that every {@link ThreadLoopScheduler} of this JVM borrows: a pool that lends an idle
 * thread to a loop with a task due (and starts a new one only if none is idle), and one timer
 * thread that wakes a loop when its next delayed task is due.
 *
 * <p>The pool has no upper bound, so a loop that blocks (on the store, or in a user's callback)
 * never keeps another loop waiting. Its {@value #CORE} core threads never end, so that a loop woken
 * after a long idle time (a candidate that becomes leader after hours) finds an idle thread to wake
 * instead of paying a thread start on its way: a thread start waits for the new thread to be
 * scheduled, about 20 times as long as waking a parked one on a busy machine. Four covers the loops
 * a handover wakes at once in one JVM (the session's events, the candidate's loop, its callbacks,
 * and a closing leader's callbacks); more threads are started only when more loops are busy at
 * once, and end after {@value #KEEP_ALIVE_SECONDS} s idle.
 */
final class LoopThreads {
  /** Threads kept alive however long they are idle. */
  static final int CORE = 4;

  /** How long a thread beyond the core ones stays idle before it ends. */
  static final long KEEP_ALIVE_SECONDS = 60;

  private LoopThreads() {}

  /** Created on first use: a JVM without a Baton loop starts none of these threads. */
  private static final class Holder {
    static final ThreadPoolExecutor POOL = pool();
    static final ScheduledThreadPoolExecutor TIMER = timer();

    /**
     * The core threads are started at once: below its core size a {@link ThreadPoolExecutor} starts
     * a new thread for a task even while others are idle, so the first few hand-offs of a JVM (a
     * leader's first and only revocation, in its shutdown hook) would each wait for a thread start.
     */
    private static ThreadPoolExecutor pool() {
      ThreadPoolExecutor p =
          new ThreadPoolExecutor(
              CORE,
              Integer.MAX_VALUE,
              KEEP_ALIVE_SECONDS,
              TimeUnit.SECONDS,
              new SynchronousQueue<>(),
              BatonThreads.factory("loop", "idle"));
      p.prestartAllCoreThreads();
      return p;
    }

    private static ScheduledThreadPoolExecutor timer() {
      ScheduledThreadPoolExecutor t =
          new ScheduledThreadPoolExecutor(1, BatonThreads.factory("loop", "timer"));
      t.setRemoveOnCancelPolicy(true); // a loop re-arms its wake-up often
      return t;
    }
  }

  /** Lends {@code drain} a thread: an idle one if there is one, else a new one. */
  static void lend(Runnable drain) {
    Holder.POOL.execute(drain);
  }

  /** The timer that wakes loops for their delayed tasks. */
  static ScheduledThreadPoolExecutor timer() {
    return Holder.TIMER;
  }
}
