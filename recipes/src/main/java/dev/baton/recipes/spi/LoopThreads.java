// SPDX-License-Identifier: Apache-2.0
package dev.baton.recipes.spi;

import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.SynchronousQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;

/**
 * The threads every {@link ThreadLoopScheduler} of this JVM borrows: an unbounded pool lending idle
 * threads to loops with a task due (so a blocking loop never keeps another waiting), and one timer
 * thread that wakes a loop when its next delayed task is due. The {@value #CORE} core threads never
 * end, so a loop woken after hours wakes a parked thread instead of starting one (about 20 times
 * slower on a busy machine); four covers the loops a handover wakes at once. Extra threads end
 * after {@value #KEEP_ALIVE_SECONDS} s idle.
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
     * Core threads start at once: below core size the pool starts a thread per task even while
     * others idle, so a JVM's first hand-offs (a leader's revocation in a shutdown hook) would
     * wait.
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
