// SPDX-License-Identifier: Apache-2.0
package dev.baton.spring.election;

import dev.baton.recipes.RevocationReason;
import dev.baton.recipes.election.Leadership;

/** The term of a previous {@link LeadershipGrantedEvent} ended, for {@link #reason()}. */
public final class LeadershipRevokedEvent extends LeadershipEvent {
  private static final long serialVersionUID = 1L;

  private final RevocationReason reason;

  /** The end of {@code leadership} in {@code election}, for {@code reason}. */
  public LeadershipRevokedEvent(
      BatonElection election, Leadership leadership, RevocationReason reason) {
    super(election, leadership);
    this.reason = reason;
  }

  /** Why the term ended. */
  public RevocationReason reason() {
    return reason;
  }

  @Override
  public String toString() {
    return "LeadershipRevokedEvent{" + name() + ", " + token() + ", " + reason + "}";
  }
}
