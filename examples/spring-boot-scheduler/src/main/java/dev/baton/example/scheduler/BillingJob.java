// SPDX-License-Identifier: Apache-2.0
package dev.baton.example.scheduler;

import dev.baton.fencing.StaleTokenException;
import dev.baton.spring.leader.LeaderOnly;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.scheduling.annotation.Scheduled;
import org.springframework.stereotype.Component;

/**
 * The job that must run on one instance only: every instance schedules it, and {@link LeaderOnly}
 * lets it run only on the leader of the election {@code billing}. Its write is fenced ({@link
 * BillingRuns#record}), so a leader that was paused and replaced cannot commit a late run.
 */
@Component
public class BillingJob {
  private static final Logger log = LoggerFactory.getLogger(BillingJob.class);

  private final BillingRuns runs;

  BillingJob(BillingRuns runs) {
    this.runs = runs;
  }

  /** One billing run, on the leader only. */
  @Scheduled(fixedDelayString = "${example.billing.interval:2s}")
  @LeaderOnly("billing")
  public void run() {
    try {
      runs.record();
    } catch (StaleTokenException e) {
      log.warn("a newer leader has billed since this term began; this run was rolled back: {}", e);
    }
  }
}
