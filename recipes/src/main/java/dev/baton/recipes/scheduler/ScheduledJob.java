// SPDX-License-Identifier: Apache-2.0
package dev.baton.recipes.scheduler;

import dev.baton.fencing.FencingToken;
import java.time.Instant;
import java.util.Optional;

/**
 * A job created by the leader for one slot of a schedule, as last read from its {@link JobStore};
 * the value {@link JobStore#claim} returns is also the claim itself (worker and attempt).
 *
 * @param scheduleKey unique per schedule and slot: {@code <schedule>#<slot>}
 * @param slot the slot number (0 is the schedule's first slot)
 * @param scheduledFor when the slot begins
 * @param token the fencing token of the term that created the job
 * @param status {@value #PENDING}, {@value #RUNNING}, {@value #DONE} or {@value #FAILED}
 * @param claimedBy the worker that claimed it last, if any
 * @param attempts how many times it was claimed (1 on the first run)
 * @param lastError the last failed attempt's error ({@link #describe(Throwable)}), if one failed
 */
public record ScheduledJob(
    String scheduleKey,
    String schedule,
    long slot,
    String jobType,
    Instant scheduledFor,
    FencingToken token,
    String status,
    Optional<String> claimedBy,
    int attempts,
    Optional<String> lastError) {
  static final int ERROR_LIMIT = 300; // the longest error text kept, before escaping

  /** Created and not claimed yet, or released by a failed attempt and waiting for the next. */
  public static final String PENDING = "PENDING";

  /** Claimed by {@link #claimedBy()} for attempt {@link #attempts()}, under a claim lease. */
  public static final String RUNNING = "RUNNING";

  /** Completed by the worker that held its claim. */
  public static final String DONE = "DONE";

  /** Its last allowed attempt failed, or that attempt's claim expired; not retried. */
  public static final String FAILED = "FAILED";

  /** The key of {@code slot} of {@code schedule}. */
  public static String keyOf(String schedule, long slot) {
    return java.util.Objects.requireNonNull(schedule, "schedule") + "#" + slot;
  }

  /** This job claimed by {@code worker} for the attempt after this one. */
  ScheduledJob claimedFor(String worker) {
    return with(RUNNING, Optional.of(worker), attempts + 1, lastError);
  }

  ScheduledJob withStatus(String newStatus) {
    return with(newStatus, claimedBy, attempts, lastError);
  }

  ScheduledJob failedWith(String newStatus, String error) {
    return with(newStatus, claimedBy, attempts, Optional.of(error));
  }

  private ScheduledJob with(
      String newStatus, Optional<String> worker, int attempt, Optional<String> error) {
    return new ScheduledJob(
        scheduleKey,
        schedule,
        slot,
        jobType,
        scheduledFor,
        token,
        newStatus,
        worker,
        attempt,
        error);
  }

  /**
   * How a job's error is stored: {@code <class>: <message>}, cut to {@value #ERROR_LIMIT}
   * characters, non-printable-ASCII escaped (no flooding, no forged log lines).
   */
  public static String describe(Throwable error) {
    java.util.Objects.requireNonNull(error, "error");
    String message = error.getMessage();
    String text = error.getClass().getName() + (message == null ? "" : ": " + message);
    return dev.baton.internal.SafeText.printable(text, ERROR_LIMIT);
  }

  /** The claiming worker, for a job returned by {@link JobStore#claim}. */
  String claimer() {
    return claimedBy.orElseThrow(
        () -> new IllegalArgumentException("job " + scheduleKey + " is not a claim"));
  }
}
