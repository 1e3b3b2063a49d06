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

/** A fenced job store in memory, for examples and tests; times from {@link System#nanoTime()}. */
public final class InMemoryJobStore implements JobStore {
  private final InMemoryFence fence = new InMemoryFence();
  private final Map<String, Long> progress = new HashMap<>();
  private final Map<String, ScheduledJob> jobs = new LinkedHashMap<>();

  private final Map<String, Long> leaseEnds = new HashMap<>(); // of claim (running) or backoff

  private final Map<String, Long> finishedAt = new HashMap<>();

  private final ClaimConfig claims;

  /** A store with the {@linkplain ClaimConfig#DEFAULT default claim lease}. */
  public InMemoryJobStore() {
    this(ClaimConfig.DEFAULT);
  }

  /** A store that leases its jobs as {@code claims} says. */
  public InMemoryJobStore(ClaimConfig claims) {
    this.claims = java.util.Objects.requireNonNull(claims, "claims");
  }

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
                    ScheduledJob.PENDING,
                    Optional.empty(),
                    0,
                    Optional.empty()));
            progress.put(schedule, slot);
            return true;
          }
        });
  }

  @Override
  public ClaimConfig claimConfig() {
    return claims;
  }

  @Override
  public synchronized Optional<ScheduledJob> claim(String worker) {
    java.util.Objects.requireNonNull(worker, "worker");
    while (true) {
      long now = System.nanoTime();
      Optional<ScheduledJob> next =
          jobs.values().stream()
              .filter(j -> isClaimable(j, now))
              .min(
                  Comparator.comparing(ScheduledJob::scheduledFor)
                      .thenComparing(ScheduledJob::scheduleKey));
      if (next.isEmpty()) {
        return Optional.empty();
      }
      ScheduledJob j = next.get();
      leaseEnds.remove(j.scheduleKey());
      if (j.attempts() >= claims.maxAttempts()) {
        jobs.put(j.scheduleKey(), j.withStatus(ScheduledJob.FAILED));
        finishedAt.put(j.scheduleKey(), now);
        continue;
      }
      ScheduledJob claimed = j.claimedFor(worker);
      jobs.put(claimed.scheduleKey(), claimed);
      leaseEnds.put(claimed.scheduleKey(), now + claims.lease().toNanos());
      return Optional.of(claimed);
    }
  }

  private boolean isClaimable(ScheduledJob j, long now) {
    Long end = leaseEnds.get(j.scheduleKey());
    if (j.status().equals(ScheduledJob.PENDING)) {
      return end == null || end - now <= 0;
    }
    return j.status().equals(ScheduledJob.RUNNING) && end != null && end - now <= 0;
  }

  @Override
  public synchronized boolean renew(ScheduledJob claim) {
    if (!holds(claim)) {
      return false;
    }
    leaseEnds.put(claim.scheduleKey(), System.nanoTime() + claims.lease().toNanos());
    return true;
  }

  @Override
  public synchronized boolean complete(ScheduledJob claim) {
    if (!holds(claim)) {
      return false;
    }
    jobs.computeIfPresent(claim.scheduleKey(), (k, j) -> j.withStatus(ScheduledJob.DONE));
    leaseEnds.remove(claim.scheduleKey());
    finishedAt.put(claim.scheduleKey(), System.nanoTime());
    return true;
  }

  @Override
  public synchronized boolean fail(ScheduledJob claim, Throwable error) {
    java.util.Objects.requireNonNull(claim, "claim");
    java.util.Objects.requireNonNull(error, "error");
    String text = ScheduledJob.describe(error);
    if (!holds(claim)) {
      return false;
    }
    String key = claim.scheduleKey();
    long now = System.nanoTime();
    if (claim.attempts() >= claims.maxAttempts()) {
      jobs.computeIfPresent(key, (k, j) -> j.failedWith(ScheduledJob.FAILED, text));
      leaseEnds.remove(key);
      finishedAt.put(key, now);
    } else {
      jobs.computeIfPresent(key, (k, j) -> j.failedWith(ScheduledJob.PENDING, text));
      leaseEnds.put(key, now + claims.retryDelay(claim.attempts()).toNanos());
    }
    return true;
  }

  @Override
  public synchronized int purge(int limit) {
    if (limit < 1) {
      throw new IllegalArgumentException("limit must be at least 1, was " + limit);
    }
    long now = System.nanoTime();
    int deleted = 0;
    for (var it = finishedAt.entrySet().iterator(); it.hasNext() && deleted < limit; ) {
      var e = it.next();
      ScheduledJob j = jobs.get(e.getKey());
      java.time.Duration keep =
          j != null && j.status().equals(ScheduledJob.DONE)
              ? claims.doneRetention()
              : claims.failedRetention();
      if (now - e.getValue() > keep.toNanos()) {
        jobs.remove(e.getKey());
        it.remove();
        deleted++;
      }
    }
    return deleted;
  }

  private boolean holds(ScheduledJob claim) {
    String worker = claim.claimer();
    ScheduledJob j = jobs.get(claim.scheduleKey());
    return j != null
        && j.status().equals(ScheduledJob.RUNNING)
        && j.claimedBy().equals(Optional.of(worker))
        && j.attempts() == claim.attempts();
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
