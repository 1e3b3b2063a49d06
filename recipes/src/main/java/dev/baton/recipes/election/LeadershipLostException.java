package dev.baton.recipes.election;

import dev.baton.fencing.FencingToken;
import dev.baton.recipes.CoordinationException;
import java.util.Optional;

/** Thrown by {@link Leadership#checkActive()} when the term is no longer active. */
public class LeadershipLostException extends CoordinationException {
  private final transient FencingToken token;
  private final RevocationReason reason;

  public LeadershipLostException(String participantId, FencingToken token, RevocationReason reason) {
    super("leadership of " + participantId + " with token " + token + " is not active"
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
