// SPDX-License-Identifier: Apache-2.0
package dev.baton.testkit;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * Records the thread deaths that reach the default uncaught-exception handler, for a test in which
 * a thread is meant to die; restores the handler on close. Awaits must then {@code
 * dontCatchUncaughtExceptions()}.
 */
public final class ThreadDeaths implements AutoCloseable {
  /** One death: the thread's name and what killed it. */
  public record Death(String thread, Throwable error) {}

  private final Thread.UncaughtExceptionHandler saved;
  private final List<Death> deaths = new CopyOnWriteArrayList<>();

  private ThreadDeaths() {
    saved = Thread.getDefaultUncaughtExceptionHandler();
    Thread.setDefaultUncaughtExceptionHandler((t, e) -> deaths.add(new Death(t.getName(), e)));
  }

  /** Starts recording; close to restore the previous default handler. */
  public static ThreadDeaths record() {
    return new ThreadDeaths();
  }

  /** The deaths so far, in order. */
  public List<Death> deaths() {
    return List.copyOf(deaths);
  }

  @Override
  public void close() {
    Thread.setDefaultUncaughtExceptionHandler(saved);
  }
}
