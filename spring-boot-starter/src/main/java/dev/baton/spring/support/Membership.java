// SPDX-License-Identifier: Apache-2.0
package dev.baton.spring.support;

import java.util.Objects;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Consumer;
import java.util.function.Supplier;
import org.jspecify.annotations.Nullable;

/**
 * The lifecycle of a recipe instance that can start only once (an election, a group member) behind
 * a bean that starts, stops, leaves and rejoins many times: every (re)join opens a new instance.
 *
 * <p>Transitions ({@link #start()}, {@link #stop()}, {@link #leave()}, {@link #rejoin()}) are
 * serialized, and each waits for the previous instance to close, so the callbacks of successive
 * instances do not interleave. The opener runs under the state lock (it must run no user code); the
 * closer runs outside it, under the transition lock only. Thread-safe.
 *
 * @param <T> the recipe instance
 */
public final class Membership<T> {
  private final Supplier<T> opener;
  private final Consumer<T> closer;
  private final ReentrantLock transitions = new ReentrantLock();
  private final Object lock = new Object();
  private @Nullable T current;
  private boolean running;
  private boolean left;
  private boolean everStarted;

  /**
   * A stopped membership.
   *
   * @param opener creates and starts a new instance (and may log it)
   * @param closer closes an instance, waiting for its last callback (and may log it)
   */
  public Membership(Supplier<T> opener, Consumer<T> closer) {
    this.opener = Objects.requireNonNull(opener, "opener");
    this.closer = Objects.requireNonNull(closer, "closer");
  }

  /** Opens an instance unless running already or left. */
  public void start() {
    transitions.lock();
    try {
      synchronized (lock) {
        if (running) {
          return;
        }
        running = true;
        everStarted = true;
        if (!left) {
          current = opener.get();
        }
      }
    } finally {
      transitions.unlock();
    }
  }

  /** Closes the current instance, if any; the membership is stopped. */
  public void stop() {
    transitions.lock();
    try {
      T old;
      synchronized (lock) {
        running = false;
        old = current;
        current = null;
      }
      close(old);
    } finally {
      transitions.unlock();
    }
  }

  /** Closes the current instance, if any, and stays out until {@link #rejoin()}. Idempotent. */
  public void leave() {
    transitions.lock();
    try {
      T old;
      synchronized (lock) {
        left = true;
        old = current;
        current = null;
      }
      close(old);
    } finally {
      transitions.unlock();
    }
  }

  /** Undoes {@link #leave()}: opens an instance if running and none is open. Idempotent. */
  public void rejoin() {
    transitions.lock();
    try {
      synchronized (lock) {
        left = false;
        if (running && current == null) {
          current = opener.get();
        }
      }
    } finally {
      transitions.unlock();
    }
  }

  /** The open instance, or null while stopped or left. */
  public @Nullable T current() {
    synchronized (lock) {
      return current;
    }
  }

  /** Whether the lifecycle runs (started and not stopped), whether left or not. */
  public boolean isRunning() {
    synchronized (lock) {
      return running;
    }
  }

  /** Whether {@link #leave()} was called and not undone by {@link #rejoin()}. */
  public boolean hasLeft() {
    synchronized (lock) {
      return left;
    }
  }

  /** Whether {@link #start()} ever ran. */
  public boolean everStarted() {
    synchronized (lock) {
      return everStarted;
    }
  }

  /**
   * One of three values by the state, read atomically.
   *
   * @param stopped the value while not running
   * @param joined the value while running with an instance (not left)
   * @param leftValue the value while running but left
   * @param <P> the values' type
   */
  public <P> P state(P stopped, P joined, P leftValue) {
    synchronized (lock) {
      if (!running) {
        return stopped;
      }
      return left ? leftValue : joined;
    }
  }

  private void close(@Nullable T old) {
    if (old != null) {
      closer.accept(old);
    }
  }
}
