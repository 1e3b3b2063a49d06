// SPDX-License-Identifier: Apache-2.0
package dev.baton.recipes.spi;

import java.time.Duration;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Consumer;
import java.util.function.Supplier;
import org.jspecify.annotations.Nullable;

/**
 * The one shell that runs a decision {@link Machine} on a {@link SerialLoop}: it feeds it one event
 * at a time, hands each action to the recipe's {@link Io} in order and feeds the replies back. The
 * loop gives retry with backoff and failure handling (a {@link VirtualMachineError} ends it after
 * {@code onFatal}); the shell adds timers, subscriptions ended on leaving, and the bounded close.
 * Threading: every feed holds the shell's lock (on the loop, on the caller's thread in {@link
 * #close}, or in {@link #decideNow} from a thread that must not wait); other threads {@linkplain
 * #post post}. An io never calls an application's listener itself, so user callbacks never run on
 * ZooKeeper's threads nor under this lock.
 */
public final class Shell<E, A> {
  private static final Duration LOOP_STOP = Duration.ofSeconds(5);

  /** Where {@link #close} fed the closing event: here (the loop was idle), on the loop, or not. */
  public enum Closed {
    HERE,
    ON_LOOP,
    BEFORE
  }

  private record Step<E, A>(@Nullable E event, @Nullable A action) {}

  /** A subscription to end, linked to those kept before it (a list, not a queue: less heap). */
  private record Kept(Subscription subscription, @Nullable Kept next) {}

  private final SerialLoop loop;
  private final Machine<E, A> machine;
  private final ReentrantLock lock = new ReentrantLock();
  private final Deque<Step<E, A>> pending = new ArrayDeque<>(); // under lock: left by decideNow
  private final AtomicReference<@Nullable Kept> kept = new AtomicReference<>(); // newest first
  private final AtomicBoolean closing = new AtomicBoolean();
  private volatile boolean unsubscribed;
  private boolean leaving; // under lock: while the closing event is fed
  private volatile boolean closed;
  private volatile @Nullable Io<E, A> io;

  /**
   * A shell on a loop of its own named {@code name}; a failed task is followed by {@code recovery}
   * after a backoff; {@code onFatal} runs on the loop before a {@link VirtualMachineError} ends it.
   */
  public Shell(
      String name,
      LoopScheduler scheduler,
      Machine<E, A> machine,
      E recovery,
      Consumer<VirtualMachineError> onFatal) {
    this.machine = Objects.requireNonNull(machine, "machine");
    Objects.requireNonNull(recovery, "recovery");
    this.loop = new SerialLoop(name, scheduler, Backoff.DEFAULT, () -> feed(recovery), onFatal);
  }

  /** A shell on {@code loop}, shared with other shells; its owner feeds each its recovery event. */
  public Shell(SerialLoop loop, Machine<E, A> machine) {
    this.loop = Objects.requireNonNull(loop, "loop");
    this.machine = Objects.requireNonNull(machine, "machine");
  }

  /** Starts feeding events to {@code io}'s actions; events fed before are dropped. */
  public void start(Io<E, A> io) {
    this.io = Objects.requireNonNull(io, "io");
  }

  /** Any thread: feeds {@code event} on the loop, after the tasks already queued. */
  public void post(E event) {
    loop.execute(() -> feed(event));
  }

  /** Any thread: feeds the event made on the loop no earlier than {@code delayNanos} from now. */
  public void postAfter(long delayNanos, Supplier<? extends E> event) {
    loop.schedule(delayNanos, () -> feed(event.get()));
  }

  /** Any thread: runs {@code task} on the loop, under the lock (it may {@link #feed}). */
  public void execute(Runnable task) {
    loop.execute(() -> locked(task));
  }

  /** Any thread: ends {@code s} when the shell closes or withdraws; at once if it already has. */
  public void keep(Subscription s) {
    kept.updateAndGet(before -> new Kept(s, before));
    if (unsubscribed) {
      unsubscribe(); // it may have missed s
    }
  }

  /**
   * Feeds {@code event}, and every reply it leads to, now, after what {@link #decideNow} left to
   * the loop; nothing once closed. On the loop, or in a task of {@link #execute}.
   */
  public void feed(E event) {
    locked(
        () -> {
          if (!closed) {
            work(event);
          }
        });
  }

  /**
   * On a thread that must not wait: decides on {@code event} now if the loop is idle, leaving the
   * first {@linkplain Io#blocks blocking} action and all after it to the loop; else posts it. A
   * failure is rethrown on the loop, which counts it and recovers.
   */
  public void decideNow(E event) {
    if (!lock.tryLock()) {
      post(event);
      return;
    }
    try {
      if (!closed && !pending.isEmpty()) {
        post(event); // behind what is pending
      } else if (!closed) {
        work(new ArrayDeque<>(List.of(new Step<>(event, null))), true);
      }
    } catch (RuntimeException | Error e) {
      loop.execute(
          () -> {
            throw e;
          });
    } finally {
      lock.unlock();
    }
  }

  /**
   * Any thread: on the loop, feeds {@code closing} (the machine then decides nothing more), runs
   * {@code after} and ends the subscriptions; the shell stays open for {@link #close}. From the
   * loop's {@code onFatal} outside a feed this runs here and now (the fatal error drops the loop's
   * queue, and a held row or entry would stay until it expired); within a feed it is queued.
   */
  public void withdraw(E closing, Runnable after) {
    if (loop.inLoop() && !lock.isHeldByCurrentThread()) {
      withdrawNow(closing, after);
    } else {
      loop.execute(() -> withdrawNow(closing, after));
    }
  }

  private void withdrawNow(E closing, Runnable after) {
    locked(() -> leave(closing, after));
    unsubscribe();
  }

  /**
   * Closes: feeds {@code closing}, runs {@code after} and ends the subscriptions on the caller's
   * thread if the loop is idle within {@code wait}; else ends them and leaves the rest to the loop,
   * which then stops. Afterwards only the closing event is fed; pending actions are {@linkplain
   * Io#dropped dropped}.
   */
  public Closed close(E closing, Duration wait, Runnable after) {
    if (!this.closing.compareAndSet(false, true)) {
      return Closed.BEFORE;
    }
    boolean locked = Locks.tryLock(lock, wait);
    closed = true; // from now on the loop's tasks do nothing but the close
    if (locked) {
      try {
        leave(closing, after);
      } finally {
        lock.unlock();
        try {
          unsubscribe(); // after the last I/O: ending a subscription may take a while
        } finally {
          loop.shutdown(LOOP_STOP); // its tasks return at once now
        }
      }
      return Closed.HERE;
    }
    try {
      unsubscribe(); // now: the loop may be stuck in a statement
    } finally {
      leaveOnLoop(closing, after);
    }
    return Closed.ON_LOOP;
  }

  private void leaveOnLoop(E closing, Runnable after) {
    loop.execute(
        () -> {
          try {
            locked(() -> leave(closing, after)); // a failure is the loop's to log
          } finally {
            loop.shutdown(Duration.ZERO); // from the loop itself: stops it, waits for nothing
          }
        });
  }

  /** True while the closing event is fed (by a close or a withdrawal), under the lock. */
  public boolean leaving() {
    return leaving;
  }

  /** True once {@link #close} began. */
  public boolean isClosed() {
    return closed;
  }

  /** The loop's clock, in nanoseconds. */
  public long nanoTime() {
    return loop.nanoTime();
  }

  /** How many tasks of the loop failed so far. */
  public long failures() {
    return loop.failures();
  }

  private void locked(Runnable task) {
    lock.lock();
    try {
      task.run();
    } finally {
      lock.unlock();
    }
  }

  /** Under the lock: feeds the closing event even once closed, then runs {@code after}. */
  private void leave(E closing, Runnable after) {
    leaving = true;
    try {
      work(closing);
      after.run();
    } finally {
      leaving = false;
    }
  }

  private void drainPending() {
    locked(
        () -> {
          if (!closed) {
            work(takePending(), false);
          }
        });
  }

  /** Under the lock: works through what is pending, then {@code event}. */
  private void work(E event) {
    Deque<Step<E, A>> work = takePending();
    work.add(new Step<>(event, null));
    work(work, false);
  }

  /** Under the lock: the pending work, taken over; once closed, each action is dropped instead. */
  private Deque<Step<E, A>> takePending() {
    Deque<Step<E, A>> work = new ArrayDeque<>(pending);
    pending.clear();
    Io<E, A> io = this.io;
    if (closed && io != null) {
      for (Step<E, A> step : work) { // no lambdas on a closing path: they link on first use
        if (step.action() != null) {
          io.dropped(step.action());
        }
      }
      work.clear();
    }
    return work;
  }

  /**
   * Under the lock: an event goes to the machine, whose actions are applied in order, replies added
   * at the back; {@code inline} leaves the first blocking action and all after it to the loop.
   */
  private void work(Deque<Step<E, A>> work, boolean inline) {
    Io<E, A> io = this.io;
    if (io == null) {
      return; // not started: nothing can be done yet
    }
    try {
      workThrough(io, work, inline);
    } finally {
      io.settled();
    }
  }

  private void workThrough(Io<E, A> io, Deque<Step<E, A>> work, boolean inline) {
    while (!work.isEmpty()) {
      Step<E, A> step = work.poll();
      E event = step.event();
      List<A> actions =
          event != null
              ? machine.on(event, loop.nanoTime())
              : List.of(Objects.requireNonNull(step.action()));
      for (int i = 0; i < actions.size(); i++) {
        A a = actions.get(i);
        if (inline && io.blocks(a)) {
          for (int j = actions.size() - 1; j >= i; j--) {
            work.addFirst(new Step<>(null, actions.get(j)));
          }
          pending.addAll(work);
          loop.execute(this::drainPending);
          return;
        }
        E reply = io.apply(a);
        if (reply != null) {
          work.add(new Step<>(reply, null));
        }
      }
    }
  }

  private void unsubscribe() {
    unsubscribed = true;
    Throwable failed = null;
    for (Kept k = kept.getAndSet(null); k != null; k = k.next()) {
      try {
        k.subscription().close(); // each once: the list is taken whole
      } catch (Throwable e) { // rethrown below, once the others are ended all the same
        if (failed == null) {
          failed = e;
        } else {
          failed.addSuppressed(e);
        }
      }
    }
    if (failed instanceof RuntimeException e) {
      throw e;
    } else if (failed instanceof Error e) {
      throw e;
    } else if (failed != null) {
      throw new IllegalStateException("a subscription's close failed", failed); // undeclared
    }
  }
}
