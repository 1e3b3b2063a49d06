// SPDX-License-Identifier: Apache-2.0
package dev.baton.recipes.lease;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class LeaseHolderTest {
  @Test
  void aHolderNamesItsParticipantAndItsInstance() {
    String one = LeaseHolder.of("billing-7", 1);
    String other = LeaseHolder.of("billing-7", -1);
    assertThat(one).isEqualTo("billing-7#0000000000000001").isNotEqualTo(other);
    assertThat(LeaseHolder.participantOf(one)).isEqualTo("billing-7");
    assertThat(LeaseHolder.participantOf(other)).isEqualTo("billing-7");
  }

  @Test
  void aHolderWithoutASuffixIsItsOwnParticipant() {
    assertThat(LeaseHolder.participantOf("written-by-hand")).isEqualTo("written-by-hand");
    assertThat(LeaseHolder.participantOf("a#b")).isEqualTo("a#b");
    assertThat(LeaseHolder.participantOf("id#0123456789abcdef#0000000000000002"))
        .isEqualTo("id#0123456789abcdef");
  }

  @Test
  void theLongestHolderIsTheLongestParticipantIdAndItsSuffix() {
    String id = "x".repeat(256);
    assertThat(LeaseHolder.of(id, Long.MIN_VALUE)).hasSize(LeaseHolder.MAX_HOLDER);
    assertThat(LeaseHolder.MAX_HOLDER).isLessThanOrEqualTo(LeaseSchema.HOLDER_WIDTH);
  }
}
