// SPDX-License-Identifier: Apache-2.0
package dev.baton.testkit;

import java.util.ArrayDeque;
import java.util.Deque;
import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/** Closes what a test opened, newest first, after each test. */
public final class Closer implements AfterEachCallback {
  private final Deque<AutoCloseable> open = new ArrayDeque<>();

  /** Registers {@code closeable} and returns it. */
  public synchronized <T extends AutoCloseable> T add(T closeable) {
    open.push(closeable);
    return closeable;
  }

  @Override
  public void afterEach(ExtensionContext context) throws Exception {
    Exception first = null;
    while (true) {
      AutoCloseable next;
      synchronized (this) {
        next = open.poll();
      }
      if (next == null) {
        break;
      }
      try {
        next.close();
      } catch (Exception e) {
        if (first == null) {
          first = e;
        } else {
          first.addSuppressed(e);
        }
      }
    }
    if (first != null) {
      throw first;
    }
  }
}
