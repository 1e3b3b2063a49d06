// SPDX-License-Identifier: Apache-2.0
package dev.baton.testkit;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.util.Arrays;
import java.util.Optional;

/**
 * The entry point of every {@link ChildJvm}: {@code ChildMain <parent pid> <main class> [args...]}
 * halts the JVM (143) as soon as the parent ends, so no child outlives a crashed test run.
 */
public final class ChildMain {
  /** The exit code of a child whose parent ended. */
  static final int ORPHANED_EXIT_CODE = 143;

  private ChildMain() {}

  /** Watches the parent, then runs the named main with the rest of {@code args}. */
  public static void main(String[] args) throws Throwable {
    if (args.length < 2) {
      throw new IllegalArgumentException("usage: ChildMain <parent pid> <main class> [args...]");
    }
    Optional<ProcessHandle> parent = ProcessHandle.of(Long.parseLong(args[0]));
    if (parent.isEmpty()) {
      Runtime.getRuntime().halt(ORPHANED_EXIT_CODE);
    }
    parent.get().onExit().thenRun(() -> Runtime.getRuntime().halt(ORPHANED_EXIT_CODE));
    Method main = Class.forName(args[1]).getMethod("main", String[].class);
    main.setAccessible(true); // the main's class need not be public
    try {
      main.invoke(null, (Object) Arrays.copyOfRange(args, 2, args.length));
    } catch (InvocationTargetException e) {
      throw e.getCause();
    }
  }
}
