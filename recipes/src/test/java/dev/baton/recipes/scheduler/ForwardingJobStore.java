// SPDX-License-Identifier: Apache-2.0
package dev.baton.recipes.scheduler;

import dev.baton.fencing.FencingToken;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

/** A store that hands every call to {@code delegate}; tests override the calls they disturb. */
class ForwardingJobStore implements JobStore {
  private final JobStore delegate;

  ForwardingJobStore(JobStore delegate) {
    this.delegate = delegate;
  }

  @Override
  public void registerTerm(String schedule, FencingToken token) {
    delegate.registerTerm(schedule, token);
  }

  @Override
  public long lastScheduledSlot(String schedule) {
    return delegate.lastScheduledSlot(schedule);
  }

  @Override
  public boolean createSlotJob(
      String schedule, FencingToken token, long slot, Instant scheduledFor, String jobType) {
    return delegate.createSlotJob(schedule, token, slot, scheduledFor, jobType);
  }

  @Override
  public ClaimConfig claimConfig() {
    return delegate.claimConfig();
  }

  @Override
  public Optional<ScheduledJob> claim(String worker) {
    return delegate.claim(worker);
  }

  @Override
  public boolean renew(ScheduledJob claim) {
    return delegate.renew(claim);
  }

  @Override
  public boolean complete(ScheduledJob claim) {
    return delegate.complete(claim);
  }

  @Override
  public boolean fail(ScheduledJob claim, Throwable error) {
    return delegate.fail(claim, error);
  }

  @Override
  public int purge(int limit) {
    return delegate.purge(limit);
  }

  @Override
  public List<ScheduledJob> jobs(String schedule) {
    return delegate.jobs(schedule);
  }
}
