// SPDX-License-Identifier: Apache-2.0
package dev.baton.recipes.kernel;

import java.time.Duration;
import java.util.PriorityQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;
import org.jspecify.annotations.Nullable;

/**
 * A {@link LoopScheduler} on one daemon thread of its own (from {@link BatonThreads}), with a delay
 * queue. Unlike a {@code ScheduledThreadPoolExecutor}, nothing wraps the tasks: a throwable that a
 * task lets out (the {@link SerialLoop} lets out only a {@link VirtualMachineError}) ends the
 * thread and reaches its uncaught-exception handler, and the scheduler then reports itself shut
 * down.
 */
public final class ThreadLoopScheduler implements LoopScheduler {
  private record Entry(long due, long seq, Runnable task) implements Comparable<Entry> {
    @Override
    public int compareTo(Entry o) {
      int c = Long.compare(due - o.due, 0);
      return c != 0 ? c : Long.compare(seq, o.seq);
    }
  }

  private final ReentrantLock lock = new ReentrantLock();
  private final Condition changed = lock.newCondition();
  private final PriorityQueue<Entry> queue = new PriorityQueue<>();
  private final CountDownLatch terminated = new CountDownLatch(1);
  private final Thread thread;
  private long seq;
  private volatile boolean shutdown;

  /** Starts the thread {@code baton-<role>-<name>}. */
  public ThreadLoopScheduler(String role, String name) {
    this.thread = BatonThreads.factory(role, name).newThread(this::run);
    thread.start();
  }

  @Override
  public boolean schedule(Runnable task, long delayNanos) {
    lock.lock();
    try {
      if (shutdown) {
        return false;
      }
      queue.add(new Entry(System.nanoTime() + Math.max(0, delayNanos), seq++, task));
      changed.signal();
      return true;
    } finally {
      lock.unlock();
    }
  }

  @Override
  public long nanoTime() {
    return System.nanoTime();
  }

  @Override
  public boolean inLoop() {
    return Thread.currentThread() == thread;
  }

  @Override
  public void shutdown() {
    lock.lock();
    try {
      shutdown = true;
      queue.clear();
      changed.signal();
    } finally {
      lock.unlock();
    }
  }

  @Override
  public boolean awaitTermination(Duration timeout) throws InterruptedException {
    return inLoop() || terminated.await(timeout.toNanos(), TimeUnit.NANOSECONDS);
  }

  @Override
  public void interrupt() {
    thread.interrupt();
  }

  @Override
  public boolean isShutdown() {
    return shutdown;
  }

  private void run() {
    try {
      while (true) {
        Runnable task = next();
        if (task == null) {
          return;
        }
        task.run();
      }
    } finally {
      shutdown = true;
      terminated.countDown();
    }
  }

  /** The next due task, waiting for it; null once shut down. */
  private @Nullable Runnable next() {
    lock.lock();
    try {
      while (true) {
        if (shutdown) {
          return null;
        }
        Entry head = queue.peek();
        if (head == null) {
          changed.awaitUninterruptibly();
          continue;
        }
        long wait = head.due - System.nanoTime();
        if (wait <= 0) {
          return queue.poll().task;
        }
        try {
          changed.awaitNanos(wait);
        } catch (InterruptedException e) {
          // Only shutdown stops the loop; an interrupt aimed at a task is cleared here.
        }
      }
    } finally {
      lock.unlock();
    }
  }
}
