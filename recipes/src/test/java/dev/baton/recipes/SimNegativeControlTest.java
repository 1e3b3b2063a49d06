// SPDX-License-Identifier: Apache-2.0
package dev.baton.recipes;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import org.junit.jupiter.api.Test;

/**
 * The simulation can fail: a realistic bug planted in the code under test (a {@link Mutation}) is
 * found within a bounded number of seeds, by the invariant it breaks. The seeds are fixed, so the
 * number of seeds each takes is the same on every run (printed).
 */
class SimNegativeControlTest {
  private static final long MAX_SEEDS = 20_000;

  @Test
  void electionRevokingOnlyAfterReListingIsCaught() {
    // The own entry's deletion neither ends the term on the event thread nor reaches the machine
    // as its own Gone: the term ends only once a re-listing shows the entry missing.
    assertCaught(false, Mutation.REVOKE_ON_RELIST, "neither with an excuse");
  }

  @Test
  void lockNotEndingAHoldOnItsEntrysDeletionIsCaught() {
    // The hold outlives its entry: another holder overlaps it, or it is still active, its entry
    // gone, once the system settled.
    assertCaught(
        true,
        Mutation.REVOKE_ON_RELIST,
        "neither with an excuse",
        "an active term whose entry is gone, after settling");
  }

  @Test
  void electionLeadingWithoutTheEpochCheckIsCaught() {
    assertCaught(false, Mutation.LEAD_WITHOUT_EPOCH_CHECK, "an active term without its connection");
  }

  @Test
  void lockPublishingWithoutTheEpochCheckIsCaught() {
    assertCaught(true, Mutation.LEAD_WITHOUT_EPOCH_CHECK, "an active term without its connection");
  }

  private static void assertCaught(boolean lock, Mutation m, String... violations) {
    Campaign.Result r =
        Campaign.run(lock, m, Finding.OPEN, 0xBAD_0000L, MAX_SEEDS, Duration.ofMinutes(5));
    String what = (lock ? "lock" : "election") + " with " + m;
    System.out.println(r.summary(what));
    assertThat(r.failure()).as("%s must be caught within %d seeds", what, MAX_SEEDS).isPresent();
    assertThat(r.failure().get().lines().limit(2).reduce("", String::concat))
        .as("the invariant that catches %s", what)
        .containsAnyOf(violations);
    System.out.println(r.failure().get().lines().limit(3).reduce("", (a, b) -> a + b + "\n"));
  }
}
