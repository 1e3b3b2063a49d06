// SPDX-License-Identifier: Apache-2.0
package dev.baton.recipes.scheduler;

import dev.baton.fencing.FencingToken;
import dev.baton.fencing.InMemoryFence;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A job store in memory, fenced by an {@link InMemoryFence}; for examples and tests. Thread-safe.
 */
public final class InMemoryJobStore implements JobStore {
  private final InMemoryFence fence = new InMemoryFence();
  private final Map<String, Long> progress = new HashMap<>();
  private final Map<String, ScheduledJob> jobs = new LinkedHashMap<>();

  @Override
  public void registerTerm(String schedule, FencingToken token) {
    // The fence check alone registers the term: the action writes nothing (its result is unused).
    fence.write(JobStore.resourceOf(schedule), token, ctx -> token);
  }

  @Override
  public synchronized long lastScheduledSlot(String schedule) {
    return progress.getOrDefault(schedule, -1L);
  }

  @Override
  public boolean createSlotJob(
      String schedule, FencingToken token, long slot, Instant scheduledFor, String jobType) {
    return fence.write(
        JobStore.resourceOf(schedule),
        token,
        ctx -> {
          synchronized (this) {
            long last = progress.getOrDefault(schedule, -1L);
            if (slot <= last) {
              return false;
            }
            if (last >= 0 && slot != last + 1) {
              throw new IllegalStateException(
                  "slot " + slot + " of " + schedule + " would skip after " + last);
            }
            String key = ScheduledJob.keyOf(schedule, slot);
            jobs.put(
                key,
                new ScheduledJob(
                    key,
                    schedule,
                    slot,
                    jobType,
                    scheduledFor,
                    token,
                    "PENDING",
                    Optional.empty()));
            progress.put(schedule, slot);
            return true;
          }
        });
  }

  @Override
  public synchronized Optional<ScheduledJob> claim(String worker) {
    Optional<ScheduledJob> next =
        jobs.values().stream()
            .filter(j -> j.status().equals("PENDING"))
            .min(Comparator.comparing(ScheduledJob::scheduledFor));
    return next.map(
        j -> {
          ScheduledJob claimed =
              new ScheduledJob(
                  j.scheduleKey(),
                  j.schedule(),
                  j.slot(),
                  j.jobType(),
                  j.scheduledFor(),
                  j.token(),
                  "RUNNING",
                  Optional.of(worker));
          jobs.put(claimed.scheduleKey(), claimed);
          return claimed;
        });
  }

  @Override
  public synchronized void complete(String scheduleKey, String worker) {
    ScheduledJob j = jobs.get(scheduleKey);
    if (j == null || !j.claimedBy().equals(Optional.of(worker))) {
      throw new IllegalStateException(worker + " does not hold the job " + scheduleKey);
    }
    jobs.put(
        scheduleKey,
        new ScheduledJob(
            j.scheduleKey(),
            j.schedule(),
            j.slot(),
            j.jobType(),
            j.scheduledFor(),
            j.token(),
            "DONE",
            j.claimedBy()));
  }

  @Override
  public synchronized List<ScheduledJob> jobs(String schedule) {
    List<ScheduledJob> result = new ArrayList<>();
    for (ScheduledJob j : jobs.values()) {
      if (j.schedule().equals(schedule)) {
        result.add(j);
      }
    }
    result.sort(Comparator.comparingLong(ScheduledJob::slot));
    return result;
  }
}
