/**
 * The leader-only job scheduler: {@link dev.baton.recipes.scheduler.LeaderScheduler} creates one
 * job per slot of a schedule from the elected instance only, fenced and idempotent, into a {@link
 * dev.baton.recipes.scheduler.JobStore}; {@link dev.baton.recipes.scheduler.JobWorker}s on any
 * instance claim and run them, each claim a lease in the store's time ({@link
 * dev.baton.recipes.scheduler.ClaimConfig}).
 *
 * <p>Every slot gets exactly one job, in slot order, while some instance leads, never with a stale
 * token. Every job runs <b>at least once</b> (make jobs idempotent; {@link
 * dev.baton.recipes.scheduler.ScheduledJob#attempts()} tells a retry), until its attempts run out
 * ({@code FAILED}); only the latest attempt's claim can renew, complete or fail it. The whole
 * contract: {@code docs/recipes.md#fenced-lock-and-leader-only-scheduler}.
 */
package dev.baton.recipes.scheduler;
