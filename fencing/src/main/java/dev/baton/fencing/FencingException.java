// SPDX-License-Identifier: Apache-2.0
package dev.baton.fencing;

import org.jspecify.annotations.Nullable;

/**
 * A fenced write did not happen. Subclasses say why: a stale token, a token of another scope, or a
 * misconfigured store; this class itself reports a store that failed (the cause says how). When it
 * is thrown, nothing of the write was committed. A write that may have committed (its answer was
 * lost) is reported with {@link WriteOutcomeUnknownException} instead, which is not a subclass.
 */
public class FencingException extends RuntimeException {
  private final @Nullable String resource;

  public FencingException(@Nullable String resource, String message, @Nullable Throwable cause) {
    super(message, cause);
    this.resource = resource;
  }

  public FencingException(@Nullable String resource, String message) {
    this(resource, message, null);
  }

  /** The protected resource, or null if the failure concerns no single resource. */
  public @Nullable String resource() {
    return resource;
  }
}
