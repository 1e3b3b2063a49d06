// SPDX-License-Identifier: Apache-2.0
package dev.baton.recipes.scheduler;

import dev.baton.fencing.FencingToken;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

/**
 * Where the leader-only scheduler keeps its progress and jobs. Every leader write is fenced with
 * the term's token on {@code schedule:<name>}, atomically with the write. Workers claim jobs under
 * a lease ({@link ClaimConfig}): a job whose claimer stops renewing is claimed again, so every job
 * runs at least once while some worker runs. Times are the store's. Implementations: {@link
 * SqlJobStore} (PostgreSQL, H2) and {@link InMemoryJobStore}. {@link #renew}, {@link #complete} and
 * {@link #fail} take a job returned by {@link #claim} (else they throw {@link
 * IllegalArgumentException}) and act only while that claim still holds the job (same worker, same
 * attempt, still running); otherwise (claimed again since, or marked failed) they write nothing and
 * return false, so a stale claim never overwrites a newer attempt's outcome.
 */
public interface JobStore {
  /**
   * Registers a new term with the schedule's fence: every earlier term's late writes are rejected.
   *
   * @throws dev.baton.fencing.StaleTokenException if a newer term registered already
   */
  void registerTerm(String schedule, FencingToken token);

  /** The last slot whose job was created, or -1 if none. */
  long lastScheduledSlot(String schedule);

  /**
   * Creates the job of {@code slot} and advances the schedule's progress to it, atomically and
   * fenced with {@code token}; writes nothing if the progress already reached {@code slot}.
   *
   * @return true if this call created the job
   * @throws dev.baton.fencing.StaleTokenException if a newer term wrote before: stop scheduling
   * @throws IllegalStateException if {@code slot} would leave a gap after the recorded progress
   */
  boolean createSlotJob(
      String schedule, FencingToken token, long slot, Instant scheduledFor, String jobType);

  /** How this store leases its jobs to workers. */
  ClaimConfig claimConfig();

  /**
   * Claims for {@code worker}, for a lease, the oldest job never claimed or whose claim expired
   * (one attempt more; past {@link ClaimConfig#maxAttempts()} it is marked {@link
   * ScheduledJob#FAILED} instead). The job returned is {@link ScheduledJob#RUNNING}, with its
   * attempt number.
   */
  Optional<ScheduledJob> claim(String worker);

  /** Extends {@code claim} by a lease from now, even if it expired without being taken over. */
  boolean renew(ScheduledJob claim);

  /** Marks the job of {@code claim} done. */
  boolean complete(ScheduledJob claim);

  /**
   * Releases a claim whose handler failed, recording {@code error} ({@link ScheduledJob#describe}):
   * the job is claimable again after {@link ClaimConfig#retryDelay(int)}, or marked {@link
   * ScheduledJob#FAILED} after attempt {@link ClaimConfig#maxAttempts()}.
   */
  boolean fail(ScheduledJob claim, Throwable error);

  /**
   * Deletes up to {@code limit} (at least 1) finished jobs older than their retention ({@link
   * ClaimConfig#doneRetention()}, {@link ClaimConfig#failedRetention()}); progress is kept, so no
   * deleted job is created again. Returns how many; {@code limit} means there may be more.
   */
  int purge(int limit);

  /** All jobs of a schedule, by slot. */
  List<ScheduledJob> jobs(String schedule);

  /** The fence resource of a schedule. */
  static String resourceOf(String schedule) {
    return "schedule:" + java.util.Objects.requireNonNull(schedule, "schedule");
  }
}
