// SPDX-License-Identifier: Apache-2.0
package dev.baton.spring.election;

import dev.baton.recipes.RevocationReason;
import dev.baton.recipes.election.Leadership;
import dev.baton.recipes.election.LeadershipListener;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Turns one election's callbacks into Spring events. Baton calls it on the election's callback
 * thread, one callback at a time and in order, so the events keep that order and thread.
 */
final class EventPublishingListener implements LeadershipListener {
  private static final Logger log = LoggerFactory.getLogger(EventPublishingListener.class);

  private final BatonElection election;

  EventPublishingListener(BatonElection election) {
    this.election = election;
  }

  @Override
  public void elected(Leadership leadership) {
    log.info(
        "Baton election '{}': {} leads with token {}",
        election.name(),
        leadership.participantId(),
        leadership.token());
    election.publish(new LeadershipGrantedEvent(election, leadership));
  }

  @Override
  public void revoked(Leadership leadership, RevocationReason reason) {
    log.info(
        "Baton election '{}': term {} ended ({})", election.name(), leadership.token(), reason);
    election.publish(new LeadershipRevokedEvent(election, leadership, reason));
  }

  @Override
  public void paused(Leadership leadership) {
    log.info(
        "Baton election '{}': term {} paused, the connection is suspended",
        election.name(),
        leadership.token());
  }

  @Override
  public void resumed(Leadership leadership) {
    log.info("Baton election '{}': term {} resumed", election.name(), leadership.token());
  }
}
