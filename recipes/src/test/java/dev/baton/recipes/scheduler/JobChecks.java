// SPDX-License-Identifier: Apache-2.0
package dev.baton.recipes.scheduler;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;

/** What every schedule's jobs must satisfy: one per slot, no gap, tokens never going back. */
final class JobChecks {
  private JobChecks() {}

  static void assertExactlyOncePerSlotWithRisingTokens(List<ScheduledJob> jobs) {
    assertThat(jobs).as("jobs").isNotEmpty();
    long first = jobs.get(0).slot();
    for (int i = 0; i < jobs.size(); i++) {
      ScheduledJob j = jobs.get(i);
      assertThat(j.slot()).as("slot of job %d (no gap, no duplicate)", i).isEqualTo(first + i);
      assertThat(j.scheduleKey()).isEqualTo(ScheduledJob.keyOf(j.schedule(), j.slot()));
      if (i > 0) {
        assertThat(j.token().value())
            .as("token of slot %d", j.slot())
            .isGreaterThanOrEqualTo(jobs.get(i - 1).token().value());
      }
    }
  }
}
