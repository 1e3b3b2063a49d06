// SPDX-License-Identifier: Apache-2.0
package dev.baton.spring.election;

import dev.baton.fencing.FencingToken;
import dev.baton.recipes.election.Leadership;
import org.springframework.context.ApplicationEvent;

/**
 * A transition of one {@link BatonElection}, published as a Spring application event on the
 * election's own callback thread (never a ZooKeeper or Curator thread, never under a lock of
 * Baton's), one at a time and in order: every {@link LeadershipGrantedEvent} is followed by exactly
 * one {@link LeadershipRevokedEvent} of the same term before the next grant of that election.
 * Listeners run synchronously unless the application made its event multicaster asynchronous, which
 * gives up that order.
 */
public abstract sealed class LeadershipEvent extends ApplicationEvent
    permits LeadershipGrantedEvent, LeadershipRevokedEvent {
  private static final long serialVersionUID = 1L;

  private final transient Leadership leadership;

  /** An event of {@code election} about the term {@code leadership}. */
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
