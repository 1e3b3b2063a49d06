// SPDX-License-Identifier: Apache-2.0
package dev.baton.spring.election.integration;

import dev.baton.fencing.FencingToken;
import dev.baton.recipes.election.Leadership;
import dev.baton.spring.election.BatonElection;
import dev.baton.spring.election.LeadershipEvent;
import dev.baton.spring.election.LeadershipGrantedEvent;
import org.springframework.context.ApplicationListener;
import org.springframework.integration.leader.event.LeaderEventPublisher;

/**
 * Republishes {@link LeadershipEvent}s as Spring Integration's {@code OnGrantedEvent} and {@code
 * OnRevokedEvent} for {@link BatonElection#role()}, inside Baton's publication, keeping order.
 */
public final class IntegrationLeaderEventBridge implements ApplicationListener<LeadershipEvent> {
  private final LeaderEventPublisher publisher;

  /** A bridge publishing through {@code publisher}. */
  public IntegrationLeaderEventBridge(LeaderEventPublisher publisher) {
    this.publisher = publisher;
  }

  @Override
  public void onApplicationEvent(LeadershipEvent event) {
    BatonElection election = event.election();
    TermContext context = new TermContext(election, event.leadership());
    if (event instanceof LeadershipGrantedEvent) {
      publisher.publishOnGranted(election, context, election.role());
    } else {
      publisher.publishOnRevoked(election, context, election.role());
    }
  }

  private record TermContext(BatonElection election, Leadership leadership)
      implements BatonLeaderContext {
    @Override
    public boolean isLeader() {
      return leadership.isActive();
    }

    /** Resigns this term if it is still the election's current one; otherwise does nothing. */
    @Override
    public void yield() {
      if (election.leadership().filter(current -> current == leadership).isPresent()) {
        election.yield();
      }
    }

    @Override
    public String getRole() {
      return election.role();
    }

    @Override
    public FencingToken token() {
      return leadership.token();
    }

    @Override
    public String toString() {
      return "BatonLeaderContext{role=%s, token=%s, leader=%s}"
          .formatted(election.role(), leadership.token(), isLeader());
    }
  }
}
