// SPDX-License-Identifier: Apache-2.0
package dev.baton.fencing;

import java.util.Optional;
import org.jspecify.annotations.Nullable;

/**
 * A fenced write was sent to the store, but its answer was lost (the connection dropped, the
 * session expired or moved, or the wait for the answer was interrupted) and the fence could not
 * find out whether it committed: it may have been applied, whole, or not at all. It is never
 * half-applied (the store's atomic unit still holds), and it is never a rejection: a fence reports
 * {@link StaleTokenException} only for a write it knows committed nothing.
 *
 * <p>Unlike {@link FencingException} (nothing was committed), this exception promises nothing about
 * the store, so it does not extend it: a caller that catches {@code FencingException} to mean "not
 * written" does not catch it by mistake. What to do: treat the write as possibly done. Read the
 * store back, or repeat the write if it is idempotent, with the same token (a repeat is rejected if
 * a newer owner has written since; that rejection says nothing about this attempt).
 */
public class WriteOutcomeUnknownException extends RuntimeException {
  private final String resource;
  private final transient @Nullable FencingToken token;

  /**
   * An unknown outcome of the write to {@code resource} with {@code token}.
   *
   * @param resource the protected resource (for an ownership guard, its ownership znode)
   * @param token the token the write presented, or null if it presented none
   * @param message what was lost
   * @param cause the store's error, if any
   */
  public WriteOutcomeUnknownException(
      String resource, @Nullable FencingToken token, String message, @Nullable Throwable cause) {
    super(message, cause);
    this.resource = resource;
    this.token = token;
  }

  /** The protected resource. */
  public String resource() {
    return resource;
  }

  /** The token the write presented, if it presented one. */
  public Optional<FencingToken> token() {
    return Optional.ofNullable(token);
  }
}
