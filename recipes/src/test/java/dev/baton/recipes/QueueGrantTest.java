// SPDX-License-Identifier: Apache-2.0
package dev.baton.recipes;

import static org.assertj.core.api.Assertions.assertThat;

import dev.baton.recipes.spi.ConnectionEpoch;
import dev.baton.recipes.spi.ConnectionEpoch.Link;
import org.junit.jupiter.api.Test;

class QueueGrantTest {
  private static final ConnectionEpoch READ_IN = new ConnectionEpoch(3, Link.CONNECTED, 7);
  private final QueueGrant grant = new QueueGrant();

  @Test
  void grantsOnlyInTheEpochTheQueueWasReadIn() {
    assertThat(grant.admit(2, READ_IN, "/q/a")).isFalse();
    assertThat(grant.node()).isNull();
    assertThat(grant.admit(3, READ_IN, "/q/a")).isTrue();
    assertThat(grant.node()).isEqualTo("/q/a");
  }

  @Test
  void neverGrantsAnEntryWhoseWatchFiredEvenBeforeAnyGrant() {
    assertThat(grant.watchFired("/q/a")).as("no grant yet").isFalse();
    assertThat(grant.admit(3, READ_IN, "/q/a")).isFalse();
    assertThat(grant.admit(3, READ_IN, "/q/b")).isTrue();
    assertThat(grant.watchFired("/q/b")).as("the granted entry's watch").isTrue();
  }

  @Test
  void aGrantIsOutlivedOnlyByALaterConnectionInAnotherSession() {
    assertThat(grant.outlivedBy(new ConnectionEpoch(5, Link.CONNECTED, 8)))
        .as("no grant")
        .isFalse();
    grant.admit(3, READ_IN, "/q/a");
    assertThat(grant.outlivedBy(new ConnectionEpoch(4, Link.CONNECTED, 7))).isFalse();
    assertThat(grant.outlivedBy(new ConnectionEpoch(4, Link.SUSPENDED, 8))).isFalse();
    assertThat(grant.outlivedBy(new ConnectionEpoch(3, Link.CONNECTED, 8))).isFalse();
    assertThat(grant.outlivedBy(new ConnectionEpoch(5, Link.CONNECTED, 8))).isTrue();
  }

  @Test
  void onlyAnEpochOlderThanTheGrantPredatesIt() {
    assertThat(grant.predates(new ConnectionEpoch(2, Link.SUSPENDED, 7))).as("no grant").isFalse();
    grant.admit(3, READ_IN, "/q/a");
    assertThat(grant.predates(new ConnectionEpoch(2, Link.SUSPENDED, 7))).isTrue();
    assertThat(grant.predates(new ConnectionEpoch(2, Link.LOST, 7))).isTrue();
    assertThat(grant.predates(READ_IN)).as("its own epoch").isFalse();
    assertThat(grant.predates(new ConnectionEpoch(4, Link.SUSPENDED, 7))).isFalse();
  }
}
