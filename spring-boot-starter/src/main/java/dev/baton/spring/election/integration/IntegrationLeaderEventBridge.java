// SPDX-License-Identifier: Apache-2.0
package dev.baton.spring.election.integration;

import dev.baton.spring.election.BatonElection;
import dev.baton.spring.election.LeadershipEvent;
import dev.baton.spring.election.LeadershipGrantedEvent;
import org.springframework.context.ApplicationListener;
import org.springframework.integration.leader.event.LeaderEventPublisher;

/**
 * Republishes Baton's {@link LeadershipEvent}s as Spring Integration's {@code OnGrantedEvent} and
 * {@code OnRevokedEvent} for {@link BatonElection#role()}, inside the publication of Baton's event
 * on the election's callback thread, so the order of grants and revocations is kept.
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
}
