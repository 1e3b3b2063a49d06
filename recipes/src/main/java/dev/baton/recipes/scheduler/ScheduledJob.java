// SPDX-License-Identifier: Apache-2.0
package dev.baton.recipes.scheduler;

import dev.baton.fencing.FencingToken;
import java.time.Instant;
import java.util.Optional;

/**
 * A job created by the leader for one slot of a schedule.
 *
 * @param scheduleKey unique per schedule and slot: {@code <schedule>#<slot>}
 * @param schedule the schedule's name
 * @param slot the slot number (0 is the schedule's first slot)
 * @param jobType what to run, as configured
 * @param scheduledFor when the slot begins
 * @param token the fencing token of the term that created the job
 * @param status PENDING, RUNNING or DONE
 * @param claimedBy the worker that claimed it, if any
 */
public record ScheduledJob(
    String scheduleKey,
    String schedule,
    long slot,
    String jobType,
    Instant scheduledFor,
    FencingToken token,
    String status,
    Optional<String> claimedBy) {

  /** The key of {@code slot} of {@code schedule}. */
  public static String keyOf(String schedule, long slot) {
    return java.util.Objects.requireNonNull(schedule, "schedule") + "#" + slot;
  }
}
