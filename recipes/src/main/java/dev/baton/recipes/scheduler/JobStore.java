// SPDX-License-Identifier: Apache-2.0
package dev.baton.recipes.scheduler;

import dev.baton.fencing.FencingToken;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

/**
 * Where the leader-only scheduler keeps its progress and its jobs. Every leader write is fenced
 * with the term's token on the resource {@code schedule:<name>}, in the same atomic unit as the
 * write itself.
 *
 * <p>Implementations: {@link SqlJobStore} (PostgreSQL, H2) and {@link InMemoryJobStore}.
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

  /** Claims the oldest pending job for {@code worker}, if any. */
  Optional<ScheduledJob> claim(String worker);

  /** Marks a claimed job done. */
  void complete(String scheduleKey, String worker);

  /** All jobs of a schedule, by slot. */
  List<ScheduledJob> jobs(String schedule);

  /** The fence resource of a schedule. */
  static String resourceOf(String schedule) {
    return "schedule:" + java.util.Objects.requireNonNull(schedule, "schedule");
  }
}
