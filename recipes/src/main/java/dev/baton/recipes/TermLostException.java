// SPDX-License-Identifier: Apache-2.0
package dev.baton.recipes;

import dev.baton.fencing.FencingToken;
import java.util.Optional;
import org.jspecify.annotations.Nullable;

/**
 * A {@link Term} is no longer active ({@link Term#checkActive()}); each recipe throws a subclass,
 * carrying the term's token and the reason (empty while the term is only paused).
 */
public class TermLostException extends CoordinationException {
  private final transient FencingToken token;
  private final @Nullable RevocationReason reason;

  public TermLostException(String what, FencingToken token, @Nullable RevocationReason reason) {
    super(
        what
            + " with token "
            + token
            + " is not active"
            + (reason == null ? " (paused: connection suspended)" : " (revoked: " + reason + ")"));
    this.token = token;
    this.reason = reason;
  }

  /** The token of the term that is no longer active. */
  public FencingToken token() {
    return token;
  }

  /** The revocation reason, or empty if the term is only paused. */
  public Optional<RevocationReason> reason() {
    return Optional.ofNullable(reason);
  }
}
