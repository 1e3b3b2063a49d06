// SPDX-License-Identifier: Apache-2.0
package dev.baton.spring.lifecycle;

import java.util.Objects;
import java.util.concurrent.locks.ReentrantLock;
import org.jspecify.annotations.Nullable;
import org.springframework.beans.factory.DisposableBean;
import org.springframework.context.SmartLifecycle;

/**
 * A lifecycle bean that starts, stops, leaves and rejoins many times over a recipe instance that
 * starts only once (election, group member): each (re)join opens a new instance. Transitions are
 * serialized and each waits for the previous instance to close, so successive instances' callbacks
 * never interleave; do not call them from the recipe's callbacks. {@link #open()} runs under the
 * state lock (no user code), {@link #close(Object)} only under the transition lock. Thread-safe.
 */
public abstract class RejoinableLifecycle<T> implements SmartLifecycle, DisposableBean {
  /** The default lifecycle phase: after most beans start, before they stop. */
  public static final int DEFAULT_PHASE = SmartLifecycle.DEFAULT_PHASE - 4096;

  /** Whether this instance takes part in the election or group. */
  public enum Participation {
    /** The lifecycle is not running (never started, or stopped). */
    STOPPED,
    /** The lifecycle runs and the instance takes part (a candidate, a member). */
    JOINED,
    /** The lifecycle runs but the instance left ({@link #leave()}). */
    LEFT
  }

  private final String name;
  private final boolean autoStartup;
  private final int phase;
  private final ReentrantLock transitions = new ReentrantLock();
  private final Object lock = new Object();
  private @Nullable T current;
  private boolean running;
  private boolean left;
  private boolean everStarted;

  /** A stopped lifecycle of the election or group {@code name}. */
  protected RejoinableLifecycle(String name, boolean autoStartup, int phase) {
    this.name = Objects.requireNonNull(name, "name");
    this.autoStartup = autoStartup;
    this.phase = phase;
  }

  /** The name, the key in {@code BatonElections} or {@code BatonPartitionGroups}. */
  public String name() {
    return name;
  }

  /** Creates and starts a new instance (and may log it); runs no user code. */
  protected abstract T open();

  /** Closes an instance, waiting for its last callback (and may log it). */
  protected abstract void close(T instance);

  @Override
  public void start() {
    openCurrent(false);
  }

  @Override
  public void stop() {
    closeCurrent(false);
  }

  /** Leaves while the lifecycle runs: the instance is closed, its term handed on. Idempotent. */
  public void leave() {
    closeCurrent(true);
  }

  /** Joins again after {@link #leave()} (if the lifecycle runs). Idempotent. */
  public void rejoin() {
    openCurrent(true);
  }

  private void openCurrent(boolean rejoining) {
    transitions.lock();
    try {
      synchronized (lock) {
        if (rejoining) {
          left = false;
        } else if (running) {
          return;
        } else {
          running = true;
          everStarted = true;
        }
        if (running && !left && current == null) {
          current = open();
        }
      }
    } finally {
      transitions.unlock();
    }
  }

  private void closeCurrent(boolean leaving) {
    transitions.lock();
    try {
      T old;
      synchronized (lock) {
        if (leaving) {
          left = true;
        } else {
          running = false;
        }
        old = current;
        current = null;
      }
      if (old != null) {
        close(old);
      }
    } finally {
      transitions.unlock();
    }
  }

  /** Whether this instance takes part now. */
  public Participation participation() {
    synchronized (lock) {
      if (!running) {
        return Participation.STOPPED;
      }
      return left ? Participation.LEFT : Participation.JOINED;
    }
  }

  /** The open instance, or null while stopped or left. */
  protected @Nullable T current() {
    synchronized (lock) {
      return current;
    }
  }

  /** Whether {@link #start()} ever ran. */
  protected boolean everStarted() {
    synchronized (lock) {
      return everStarted;
    }
  }

  /** Whether {@link #leave()} was called and not undone by {@link #rejoin()}. */
  protected boolean hasLeft() {
    synchronized (lock) {
      return left;
    }
  }

  @Override
  public boolean isRunning() {
    synchronized (lock) {
      return running;
    }
  }

  @Override
  public boolean isAutoStartup() {
    return autoStartup;
  }

  @Override
  public int getPhase() {
    return phase;
  }

  /** Leaves if a failed start-up never stopped the lifecycle. */
  @Override
  public void destroy() {
    stop();
  }
}
