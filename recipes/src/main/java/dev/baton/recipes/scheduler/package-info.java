/**
 * The leader-only job scheduler: {@link dev.baton.recipes.scheduler.LeaderScheduler} creates one
 * job per slot of a schedule from the elected instance only, fenced and idempotent, into a {@link
 * dev.baton.recipes.scheduler.JobStore}; {@link dev.baton.recipes.scheduler.JobWorker}s on any
 * instance claim and run them.
 *
 * <p>Guarantees: every slot from the first scheduled one on gets exactly one job, in slot order,
 * while some instance leads; no job is created with a token older than one the store already
 * accepted. Not guaranteed: that a job runs exactly once (a worker may die after running it; make
 * jobs idempotent), or jobs for slots that passed while nobody led before they are caught up (they
 * are created late, not skipped).
 */
package dev.baton.recipes.scheduler;
