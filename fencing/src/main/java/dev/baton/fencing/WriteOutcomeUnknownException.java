// SPDX-License-Identifier: Apache-2.0
package dev.baton.fencing;

import java.util.Optional;
import org.jspecify.annotations.Nullable;

/**
 * A fenced write was sent but its answer lost (connection dropped, session expired or moved, wait
 * interrupted), and whether it committed (whole, never half) is unknown. Not a {@link
 * FencingException}, which means nothing was committed. Read the store back, or repeat an
 * idempotent write with the same token (a rejection of the repeat says nothing about this attempt).
 */
public class WriteOutcomeUnknownException extends RuntimeException {
  private final String resource;
  private final transient @Nullable FencingToken token;

  /** An unknown outcome of the write to {@code resource} with {@code token} (null if none). */
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
