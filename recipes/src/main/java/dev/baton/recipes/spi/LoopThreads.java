// SPDX-License-Identifier: Apache-2.0
package dev.baton.recipes.spi;

import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.SynchronousQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;

/**
 * The threads every {@link ThreadLoopScheduler} borrows: an unbounded pool lending idle threads to
 * loops with a task due (so a blocking loop never keeps another waiting), and one timer thread
 * waking a loop when its next delayed task is due. The {@value #CORE} core threads never end, so a
 * loop woken after hours wakes a parked thread, not a new one (far slower on a busy machine); four
 * covers the loops a handover wakes at once. Others end after {@value #KEEP_ALIVE_SECONDS} s idle.
 */
final class LoopThreads {
  static final int CORE = 4;

  static final long KEEP_ALIVE_SECONDS = 60;

  private LoopThreads() {}

  private static final class Holder { // made on first use: without a loop, no thread starts
    static final ThreadPoolExecutor POOL = pool();
    static final ScheduledThreadPoolExecutor TIMER = timer();

    /**
     * Core threads start at once: below core size the pool starts a thread per task even while
     * others idle, delaying a JVM's first hand-offs (a leader's revocation in a shutdown hook).
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

  static void lend(Runnable drain) {
    Holder.POOL.execute(drain);
  }

  static ScheduledThreadPoolExecutor timer() {
    return Holder.TIMER;
  }
}
