// SPDX-License-Identifier: Apache-2.0
package dev.baton.spring.election;

import dev.baton.fencing.FencingToken;
import dev.baton.recipes.election.Leadership;
import org.springframework.context.ApplicationEvent;

/**
 * A transition of one {@link BatonElection}, published on the election's callback thread, in order:
 * every grant is followed by exactly one revocation of the same term (see docs/spring.md).
 */
public abstract sealed class LeadershipEvent extends ApplicationEvent
    permits LeadershipGrantedEvent, LeadershipRevokedEvent {
  private static final long serialVersionUID = 1L;

  private final transient Leadership leadership;

  LeadershipEvent(BatonElection election, Leadership leadership) {
    super(election);
    this.leadership = leadership;
  }

  /** The election. */
  public BatonElection election() {
    return (BatonElection) getSource();
  }

  /** The election's name (the {@code <name>} of {@code baton.election.<name>}). */
  public String name() {
    return election().name();
  }

  /** The term this event is about. */
  public Leadership leadership() {
    return leadership;
  }

  /** The term's fencing token. */
  public FencingToken token() {
    return leadership.token();
  }
}
