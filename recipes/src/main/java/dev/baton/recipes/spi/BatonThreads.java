// SPDX-License-Identifier: Apache-2.0
package dev.baton.recipes.spi;

import java.util.Objects;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.atomic.AtomicInteger;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The one thread factory of Baton: daemon threads named {@code baton-<role>-<name>}, whose uncaught
 * throwables are logged, then handed to the JVM's {@linkplain
 * Thread#getDefaultUncaughtExceptionHandler() default handler} if set (an application's, or a test
 * tool's such as Awaitility's). Serial loops borrow threads from a shared pool of these, named
 * {@code baton-loop-idle-<n>} while idle.
 */
public final class BatonThreads {
  private static final Logger log = LoggerFactory.getLogger(BatonThreads.class);

  private BatonThreads() {}

  /** Daemon threads named {@code baton-<role>-<name>} (numbered from the second on). */
  public static ThreadFactory factory(String role, String name) {
    String base =
        "baton-"
            + Objects.requireNonNull(role, "role")
            + "-"
            + Objects.requireNonNull(name, "name");
    AtomicInteger count = new AtomicInteger();
    return r -> {
      int n = count.getAndIncrement();
      Thread t = new Thread(r, n == 0 ? base : base + "-" + n);
      t.setDaemon(true);
      t.setUncaughtExceptionHandler(BatonThreads::uncaught);
      return t;
    };
  }

  static void uncaught(Thread t, Throwable e) {
    log.error("Baton thread {} died", t.getName(), e);
    Thread.UncaughtExceptionHandler global = Thread.getDefaultUncaughtExceptionHandler();
    if (global != null) {
      global.uncaughtException(t, e);
    }
  }
}
