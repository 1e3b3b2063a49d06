/**
 * The leader-only job scheduler: {@link dev.baton.recipes.scheduler.LeaderScheduler} creates one
 * fenced, idempotent job per slot from the elected instance into a {@link
 * dev.baton.recipes.scheduler.JobStore}; {@link dev.baton.recipes.scheduler.JobWorker}s on any
 * instance claim and run them under leases. Every slot gets exactly one job, in order, never with a
 * stale token; every job runs <b>at least once</b> (make jobs idempotent) until its attempts run
 * out; only the latest attempt's claim can renew, complete or fail it ({@code docs/recipes.md}).
 */
package dev.baton.recipes.scheduler;
