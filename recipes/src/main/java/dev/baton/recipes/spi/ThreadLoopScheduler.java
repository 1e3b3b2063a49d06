// SPDX-License-Identifier: Apache-2.0
package dev.baton.recipes.spi;

import java.time.Duration;
import java.util.Objects;
import java.util.PriorityQueue;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import org.jspecify.annotations.Nullable;

/**
 * A {@link LoopScheduler} with a delay queue whose tasks run one at a time, by due time then
 * submission, on a thread borrowed from Baton's shared pool only while a task is due (named {@code
 * baton-<role>-<name>} meanwhile; a shared timer wakes the loop later). An idle recipe holds no
 * thread, so a thousand recipes do not cost a thousand threads. Nothing wraps the tasks: a
 * throwable a task lets out (from {@link SerialLoop} only a {@link VirtualMachineError}) stops this
 * loop and ends the borrowed thread, whose handler logs it. {@link #interrupt()} reaches only this
 * loop's task: the interrupt status is cleared on give-back.
 */
public final class ThreadLoopScheduler implements LoopScheduler {
  private record Entry(long due, long seq, Runnable task) implements Comparable<Entry> {
    @Override
    public int compareTo(Entry o) {
      int c = Long.compare(due - o.due, 0);
      return c != 0 ? c : Long.compare(seq, o.seq);
    }
  }

  private final String role;
  private final String name;
  private final Runnable drain = this::drain;

  private final Object lock = new Object(); // guards fields below; notified on give-back, shutdown

  private final PriorityQueue<Entry> queue = new PriorityQueue<>(2);
  private long seq; // under lock

  private boolean active; // a drain is lent a thread or waits for one (at most one); under lock

  private @Nullable ScheduledFuture<?> wake; // under lock
  private long wakeAt; // under lock

  private volatile @Nullable Thread runner; // running this loop's tasks; written under lock

  private volatile boolean shutdown;

  /** A loop whose thread, while it runs, is named {@code baton-<role>-<name>}. */
  public ThreadLoopScheduler(String role, String name) {
    this.role = Objects.requireNonNull(role, "role");
    this.name = Objects.requireNonNull(name, "name");
  }

  private String threadName() {
    return "baton-" + role + "-" + name;
  }

  @Override
  public boolean schedule(Runnable task, long delayNanos) {
    boolean start;
    synchronized (lock) {
      if (shutdown) {
        return false;
      }
      queue.add(new Entry(System.nanoTime() + Math.max(0, delayNanos), seq++, task));
      start = activateIfDue();
    }
    if (start) {
      lend();
    }
    return true;
  }

  /**
   * Stops this loop in place if idle (nothing running, waiting or queued), so no pool thread wakes
   * just to stop it; later tasks are refused. False (no change) if busy or shut down.
   */
  public boolean shutdownIfIdle() {
    synchronized (lock) {
      if (active || shutdown || !queue.isEmpty()) {
        return false;
      }
      shutdown = true;
      disarm();
      lock.notifyAll();
      return true;
    }
  }

  @Override
  public long nanoTime() {
    return System.nanoTime();
  }

  @Override
  public boolean inLoop() {
    return Thread.currentThread() == runner;
  }

  @Override
  public void shutdown() {
    synchronized (lock) {
      shutdown = true;
      queue.clear();
      disarm();
      lock.notifyAll();
    }
  }

  @Override
  public boolean awaitTermination(Duration timeout) throws InterruptedException {
    if (inLoop()) {
      return true;
    }
    long deadline = System.nanoTime() + timeout.toNanos();
    synchronized (lock) {
      while (!shutdown || active) {
        long left = deadline - System.nanoTime();
        if (left <= 0) {
          return false;
        }
        TimeUnit.NANOSECONDS.timedWait(lock, left);
      }
      return true;
    }
  }

  @Override
  public void interrupt() {
    synchronized (lock) {
      Thread t = runner;
      if (t != null) {
        t.interrupt();
      }
    }
  }

  @Override
  public boolean isShutdown() {
    return shutdown;
  }

  @Override
  public String toString() {
    return "ThreadLoopScheduler{" + threadName() + (shutdown ? ", shut down" : "") + "}";
  }

  /**
   * Under lock: if no drain is active and the head is due, marks one active (the caller lends it a
   * thread, outside the lock); if the head is not due yet, arms the timer for it.
   */
  private boolean activateIfDue() {
    if (active || shutdown) {
      return false;
    }
    Entry head = queue.peek();
    if (head == null) {
      return false;
    }
    if (head.due - System.nanoTime() <= 0) {
      active = true;
      disarm();
      return true;
    }
    arm(head.due);
    return false;
  }

  /** Under lock: the timer wakes this loop at {@code due}, unless it already does so earlier. */
  private void arm(long due) {
    if (wake != null) {
      if (wakeAt - due <= 0) {
        return;
      }
      wake.cancel(false);
    }
    wakeAt = due;
    wake =
        LoopThreads.timer()
            .schedule(this::onTimer, Math.max(0, due - System.nanoTime()), TimeUnit.NANOSECONDS);
  }

  private void disarm() {
    if (wake != null) {
      wake.cancel(false);
      wake = null;
    }
  }

  private void onTimer() {
    boolean start;
    synchronized (lock) {
      wake = null;
      start = activateIfDue();
    }
    if (start) {
      lend();
    }
  }

  private void lend() {
    try {
      LoopThreads.lend(drain);
    } catch (RuntimeException | Error e) { // no thread could be started: a later task tries again
      synchronized (lock) {
        active = false;
        lock.notifyAll();
      }
      throw e;
    }
  }

  /** On a borrowed thread: runs the due tasks, then gives the thread back. */
  private void drain() {
    Thread me = Thread.currentThread();
    String idleName = me.getName();
    me.setName(threadName());
    runner = me;
    boolean returned = false;
    try {
      for (Runnable task = next(); task != null; task = next()) {
        task.run();
      }
      returned = true;
    } finally {
      if (returned) {
        me.setName(idleName);
      } else {
        failed(); // the thread dies with the throwable, under this loop's name for the log
      }
    }
  }

  /** The next due task; else, under the lock, gives the thread back and returns null. */
  private @Nullable Runnable next() {
    synchronized (lock) {
      Entry head = shutdown ? null : queue.peek();
      if (head != null && head.due - System.nanoTime() <= 0) {
        queue.poll();
        return head.task;
      }
      runner = null;
      active = false;
      Thread.interrupted(); // an interrupt aimed at this loop must not reach the next borrower
      if (head != null) {
        arm(head.due);
      }
      lock.notifyAll();
      return null;
    }
  }

  /** A task let a throwable out: the loop stops for good. */
  private void failed() {
    synchronized (lock) {
      shutdown = true;
      queue.clear();
      disarm();
      runner = null;
      active = false;
      lock.notifyAll();
    }
  }
}
