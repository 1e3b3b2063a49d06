// SPDX-License-Identifier: Apache-2.0
package dev.baton.fencing.internal;

import dev.baton.fencing.FencingException;
import dev.baton.fencing.FencingToken;
import java.util.Objects;

/** Argument checks shared by the fences (the in-memory, SQL and ZooKeeper fences). */
public final class Resources {
  /** Longest resource name, in characters. */
  public static final int MAX_LENGTH = 255;

  private Resources() {}

  /** Validates a resource name and a token before anything is written. */
  public static void check(String resource, FencingToken token) {
    if (resource == null || resource.isBlank()) {
      throw new IllegalArgumentException("the fenced resource name must not be empty");
    }
    if (resource.length() > MAX_LENGTH) {
      throw new IllegalArgumentException("the fenced resource name is longer than " + MAX_LENGTH);
    }
    if (resource.chars().anyMatch(Character::isISOControl)) {
      throw new IllegalArgumentException(
          "the fenced resource name must not contain control characters");
    }
    if (token == null) {
      throw new IllegalArgumentException("a fenced write needs a fencing token, got null");
    }
  }

  /**
   * Wraps what an action threw: unchecked exceptions pass, checked ones are wrapped. An {@link
   * InterruptedException} sets the thread's interrupt flag again (throwing it cleared the flag), so
   * that the caller still sees the interruption under the unchecked wrapper.
   */
  public static RuntimeException rethrow(String resource, Exception e) {
    if (e instanceof RuntimeException r) {
      return r;
    }
    if (e instanceof InterruptedException) {
      Thread.currentThread().interrupt();
    }
    return new FencingException(resource, "the fenced write to '" + resource + "' failed: " + e, e);
  }

  /** Null-safe equality, for scope checks. */
  public static boolean same(String a, String b) {
    return Objects.equals(a, b);
  }
}
