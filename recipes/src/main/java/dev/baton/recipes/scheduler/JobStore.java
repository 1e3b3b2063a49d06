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
 * runs at least once while some worker runs. Implementations: {@link SqlJobStore} (PostgreSQL, H2)
 * and {@link InMemoryJobStore}.
 */
public interface JobStore {
  /**
   * Registers a new term with the schedule's fence, so that late writes of every earlier term are
   * rejected from now on.
   *
   * @throws dev.baton.fencing.StaleTokenException if a newer term registered already
   */
  void registerTerm(String schedule, FencingToken token);

  /** The last slot whose job was created, or -1 if none. */
  long lastScheduledSlot(String schedule);

  /**
   * Creates the job of {@code slot} and advances the schedule's progress to it, atomically and
   * fenced with {@code token}. Idempotent: if the progress already reached {@code slot}, nothing is
   * written.
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
   * Claims the oldest claimable job for {@code worker}: one never claimed, or one whose claim
   * expired (its attempts are then counted up; past {@link ClaimConfig#maxAttempts()} the job is
   * marked {@link ScheduledJob#FAILED} instead). The claim holds for the lease from now, in the
   * store's time.
   *
   * @return the claimed job, {@link ScheduledJob#RUNNING}, claimed by {@code worker}, with its
   *     attempt number: pass it to {@link #renew} and {@link #complete}
   */
  Optional<ScheduledJob> claim(String worker);

  /**
   * Extends {@code claim} by a lease from now, if it still holds the job (same worker, same
   * attempt, still running), even if it expired without being taken over.
   *
   * @return false if the job was claimed again since, or marked failed
   * @throws IllegalArgumentException if {@code claim} was not returned by {@link #claim}
   */
  boolean renew(ScheduledJob claim);

  /**
   * Marks the job of {@code claim} done, if the claim still holds it (same worker, same attempt,
   * still running); a claim that expired and was taken over writes nothing, so it never overwrites
   * the newer attempt's outcome.
   *
   * @return false if the job was claimed again since, or marked failed
   * @throws IllegalArgumentException if {@code claim} was not returned by {@link #claim}
   */
  boolean complete(ScheduledJob claim);

  /**
   * Releases the claim of an attempt whose handler failed, if it still holds the job (same worker,
   * same attempt, still running), recording {@code error} ({@link ScheduledJob#describe}) as the
   * last error: the job is claimable again after {@link ClaimConfig#retryDelay(int)} in the store's
   * time, or marked {@link ScheduledJob#FAILED} after attempt {@link ClaimConfig#maxAttempts()}.
   *
   * @return false if the job was claimed again since, or marked failed: nothing was written
   * @throws IllegalArgumentException if {@code claim} was not returned by {@link #claim}
   */
  boolean fail(ScheduledJob claim, Throwable error);

  /**
   * Deletes up to {@code limit} finished jobs older than their retention ({@link
   * ClaimConfig#doneRetention()}, {@link ClaimConfig#failedRetention()}), by their completion in
   * the store's time; the schedules' progress is kept, so no deleted job is created again.
   *
   * @return how many jobs were deleted; {@code limit} means there may be more
   * @throws IllegalArgumentException if {@code limit} is less than 1
   */
  int purge(int limit);

  /** All jobs of a schedule, by slot. */
  List<ScheduledJob> jobs(String schedule);

  /** The fence resource of a schedule. */
  static String resourceOf(String schedule) {
    return "schedule:" + java.util.Objects.requireNonNull(schedule, "schedule");
  }
}
