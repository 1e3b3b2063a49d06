// SPDX-License-Identifier: Apache-2.0
package dev.baton.fencing;

import java.util.Optional;
import org.jspecify.annotations.Nullable;

/**
 * A fenced write was sent, but its answer was lost (the connection dropped, the session expired or
 * moved, the wait was interrupted) and the fence could not find out whether it committed: it was
 * applied whole or not at all, never half. Not a {@link FencingException} (which means nothing was
 * committed), so a {@code catch (FencingException e)} meaning "not written" does not catch it.
 * Treat the write as possibly done: read the store back, or repeat an idempotent write with the
 * same token (a rejection of the repeat says nothing about this attempt).
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
