/**
 * The leader-only job scheduler: {@link dev.baton.recipes.scheduler.LeaderScheduler} creates one
 * fenced, idempotent job per slot from the elected instance into a {@link
 * dev.baton.recipes.scheduler.JobStore}; {@link dev.baton.recipes.scheduler.JobWorker}s on any
 * instance claim and run them under leases ({@link dev.baton.recipes.scheduler.ClaimConfig}). Every
 * slot gets exactly one job, in order, never with a stale token; every job runs <b>at least
 * once</b> (make jobs idempotent) until its attempts run out ({@code FAILED}); only the latest
 * attempt's claim can renew, complete or fail it. The whole contract: {@code
 * docs/recipes.md#fenced-lock-and-leader-only-scheduler}.
 */
package dev.baton.recipes.scheduler;
