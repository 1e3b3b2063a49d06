// SPDX-License-Identifier: Apache-2.0
package dev.baton.partition;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** The checks of {@link Beliefs} can fail: overlapping owners and a token going back. */
class BeliefsTest {
  @Test
  void aHandoffInOrderWithRisingTokensIsClean() {
    Beliefs beliefs = new Beliefs();
    beliefs.assigned(0, "a", 5);
    beliefs.revoked(0, "a");
    beliefs.assigned(0, "b", 7);
    assertThat(beliefs.overlaps()).isEmpty();
    assertThat(beliefs.tokenRegressions()).isEmpty();
  }

  @Test
  void anOlderOrRepeatedTokenAfterAHandoffIsReported() {
    Beliefs beliefs = new Beliefs();
    beliefs.assigned(0, "a", 7);
    beliefs.revoked(0, "a");
    beliefs.assigned(0, "b", 5);
    beliefs.revoked(0, "b");
    beliefs.assigned(0, "c", 5);
    assertThat(beliefs.tokenRegressions())
        .containsExactly(
            "partition 0: b assigned token 5 after 7", "partition 0: c assigned token 5 after 5");
  }

  @Test
  void theSameMemberResumingWithTheSameTokenIsCleanAnOlderOneIsNot() {
    Beliefs beliefs = new Beliefs();
    beliefs.assigned(0, "a", 7);
    beliefs.revoked(0, "a");
    beliefs.assigned(0, "a", 7); // resumed after a suspension: the same znode
    beliefs.revoked(0, "a");
    beliefs.assigned(0, "a", 6);
    assertThat(beliefs.tokenRegressions())
        .containsExactly("partition 0: a assigned token 6 after 7");
  }

  @Test
  void aSecondOwnerBeforeTheFirstIsRevokedIsAnOverlap() {
    Beliefs beliefs = new Beliefs();
    beliefs.assigned(3, "a", 5);
    beliefs.assigned(3, "b", 7);
    assertThat(beliefs.overlaps()).containsExactly("partition 3: b assigned while a held it");
  }
}
