// SPDX-License-Identifier: Apache-2.0
package dev.baton.testkit;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * For a test in which a thread is meant to die (a simulated {@link VirtualMachineError} that ends a
 * Baton loop): records the deaths that reach the JVM's default uncaught-exception handler, instead
 * of letting them reach the test runner's (which fails the run), and restores the previous handler
 * on close. Awaits during which the death happens must then not catch uncaught exceptions
 * themselves ({@code await().dontCatchUncaughtExceptions()}).
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
