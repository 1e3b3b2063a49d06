// SPDX-License-Identifier: Apache-2.0
package dev.baton.recipes.scheduler;

import dev.baton.recipes.RevocationReason;
import dev.baton.recipes.backend.Backend;
import dev.baton.recipes.election.ElectionConfig;
import dev.baton.recipes.election.LeaderElection;
import dev.baton.recipes.election.Leadership;
import dev.baton.recipes.election.LeadershipListener;
import io.micrometer.core.instrument.Counter;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * Many identical instances run a schedule; only the elected one creates its jobs, each slot's job
 * in one transaction with the fence check and the progress, keyed {@code <schedule>#<slot>}: a
 * retry or second leader never creates a job twice, a stale leader none, and a new leader resumes
 * after the recorded progress. Any instance can run a {@link JobWorker}. Metrics, tagged {@code
 * schedule} on the election's registry: {@code baton.scheduler.jobs.created}, {@code
 * baton.scheduler.stale.rejected}. Lifecycle as {@link LeaderElection}.
 */
public final class LeaderScheduler implements AutoCloseable {
  private final LeaderElection election;

  private LeaderScheduler(
      Backend backend,
      ElectionConfig electionConfig,
      ScheduleConfig schedule,
      JobStore store,
      @Nullable LeadershipListener listener) {
    Counter created =
        Counter.builder("baton.scheduler.jobs.created")
            .tag("schedule", schedule.name())
            .register(electionConfig.meterRegistry());
    Counter rejected =
        Counter.builder("baton.scheduler.stale.rejected")
            .tag("schedule", schedule.name())
            .register(electionConfig.meterRegistry());
    this.election =
        LeaderElection.create(
            backend,
            electionConfig,
            new LeadershipListener() {
              private @Nullable SchedulingTerm term;

              @Override
              public void elected(Leadership leadership) {
                term = new SchedulingTerm(leadership, schedule, store, created, rejected);
                term.start();
                if (listener != null) {
                  listener.elected(leadership);
                }
              }

              @Override
              public void revoked(Leadership leadership, RevocationReason reason) {
                if (term != null) {
                  term.stop(electionConfig.callbackDrainTimeout());
                  term = null;
                }
                if (listener != null) {
                  listener.revoked(leadership, reason);
                }
              }

              @Override
              public void paused(Leadership leadership) {
                if (listener != null) {
                  listener.paused(leadership);
                }
              }

              @Override
              public void resumed(Leadership leadership) {
                if (listener != null) {
                  listener.resumed(leadership);
                }
              }
            });
  }

  /** A latent scheduler on {@code backend}; {@link #start()} enters the election. */
  public static LeaderScheduler create(
      Backend backend, ElectionConfig electionConfig, ScheduleConfig schedule, JobStore store) {
    return create(backend, electionConfig, schedule, store, null);
  }

  /**
   * A latent scheduler that tells {@code listener} (if not null) about its scheduling terms, under
   * the election's threading contract: {@code elected} once a term started scheduling; {@code
   * revoked} exactly once after it, when the term stopped and its sent writes landed or failed
   * (waited for at most {@link ElectionConfig#callbackDrainTimeout()}; a later one is logged and
   * fenced off). An exception from {@code elected} is handled as the election is configured.
   */
  public static LeaderScheduler create(
      Backend backend,
      ElectionConfig electionConfig,
      ScheduleConfig schedule,
      JobStore store,
      @Nullable LeadershipListener listener) {
    Objects.requireNonNull(backend, "backend");
    Objects.requireNonNull(electionConfig, "electionConfig");
    Objects.requireNonNull(schedule, "schedule");
    Objects.requireNonNull(store, "store");
    return new LeaderScheduler(backend, electionConfig, schedule, store, listener);
  }

  /** Enters the election; scheduling begins when this instance is elected. */
  public void start() {
    election.start();
  }

  /** The election behind the scheduler, to observe or resign. */
  public LeaderElection election() {
    return election;
  }

  @Override
  public void close() {
    election.close();
  }
}
