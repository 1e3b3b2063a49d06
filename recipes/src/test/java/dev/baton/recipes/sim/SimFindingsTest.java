// SPDX-License-Identifier: Apache-2.0
package dev.baton.recipes.sim;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.EnumSet;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * Each open {@link Finding} still reproduces when the harness does not work around it (the others
 * stay worked around, so that they do not mask it). The seeds are fixed: each is found at the same
 * seed on every run. When a fix lands, its test here fails: remove the finding from {@link
 * Finding#OPEN} (and the workaround), and the default campaigns then check it.
 */
class SimFindingsTest {
  private static final long MAX_SEEDS = 20_000;

  @Test
  void f1TheMachineForgetsATermItsLoopPublishes() {
    reproduces(Finding.F1, false, "the machine forgot the term its loop publishes");
  }

  @Test
  void f5OrphanEntriesInElections() {
    reproduces(Finding.F5, false, "an orphan entry after settling");
  }

  @Test
  void f5OrphanEntriesInLocks() {
    reproduces(Finding.F5, true, "an orphan entry after settling");
  }

  @Test
  void f6AnElectionTermBeginsOnAnEntryWhoseDeletionWasNotified() {
    reproduces(Finding.F6, false, "stale-at-begin");
  }

  @Test
  void f6ALockHoldBeginsOnAnEntryWhoseDeletionWasNotified() {
    reproduces(Finding.F6, true, "stale-at-begin");
  }

  private static void reproduces(Finding f, boolean lock, String signature) {
    Set<Finding> others = EnumSet.copyOf(Finding.OPEN);
    others.remove(f);
    Campaign.Result r =
        Campaign.run(lock, Mutation.NONE, others, 0xF1D_0000L, MAX_SEEDS, Duration.ofMinutes(5));
    String what = f + (lock ? " (lock)" : " (election)");
    System.out.println(r.summary(what));
    r.failure().ifPresent(report -> System.out.println(report));
    assertThat(r.failure())
        .as(
            "%s no longer reproduces in %d seeds: fixed? Then remove it from"
                + " Finding.OPEN and its workaround",
            what, MAX_SEEDS)
        .isPresent();
    assertThat(r.failure().get()).as("%s, by its signature", what).contains(signature);
  }
}
