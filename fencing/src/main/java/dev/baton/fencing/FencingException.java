// SPDX-License-Identifier: Apache-2.0
package dev.baton.fencing;

import org.jspecify.annotations.Nullable;

/**
 * A fenced write did not happen, and nothing of it was committed. Subclasses say why (stale or
 * foreign token, misconfigured store); this class itself reports a failed store (see the cause). A
 * write that may have committed is a {@link WriteOutcomeUnknownException}, not a subclass.
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
