/**
 * The leader-only job scheduler: {@link dev.baton.recipes.scheduler.LeaderScheduler} creates one
 * job per slot of a schedule from the elected instance only, fenced and idempotent, into a {@link
 * dev.baton.recipes.scheduler.JobStore}; {@link dev.baton.recipes.scheduler.JobWorker}s on any
 * instance claim and run them, each claim a lease in the store's time ({@link
 * dev.baton.recipes.scheduler.ClaimConfig}).
 *
 * <p>Guarantees: every slot from the first scheduled one on gets exactly one job, in slot order,
 * while some instance leads; no job is created with a token older than one the store already
 * accepted. Every job runs at least once, provided some worker keeps polling and the job's attempts
 * do not run out: a claim that its worker stops renewing (the worker died, froze, or lost the
 * database for a whole lease) expires, and the job is claimed again with one attempt more; a job
 * whose claim expires after {@link dev.baton.recipes.scheduler.ClaimConfig#maxAttempts()} attempts
 * is marked {@code FAILED} and not run again. A handler that throws releases its claim at once: the
 * job is claimed again once the retry backoff ({@link
 * dev.baton.recipes.scheduler.ClaimConfig#retryDelay(int)}) has passed in the store's time, its
 * error recorded, and marked {@code FAILED} after the last attempt. Only the claim of the latest
 * attempt can renew, complete or fail the job: an earlier claimer's completion is refused, never
 * overwriting the newer attempt's outcome; when a renewal finds the claim lost, the worker
 * interrupts the handler (handlers should honour interrupts). Finished jobs are deleted after their
 * retention ({@link dev.baton.recipes.scheduler.ClaimConfig#doneRetention()}, {@link
 * dev.baton.recipes.scheduler.ClaimConfig#failedRetention()}); the schedule's progress is kept, so
 * a deleted job is never created again.
 *
 * <p>Not guaranteed: that a job runs exactly once (a worker may die after running it but before
 * recording it, or be paused past its lease while running it; make jobs idempotent, {@link
 * dev.baton.recipes.scheduler.ScheduledJob#attempts()} tells a retry), that a job an earlier
 * claimer is still running is not also started by the next one (an expired claim is not a stopped
 * worker; the interrupt comes only at the old claimer's next renewal, and only stops a handler that
 * honours it), that a finished job is deleted as soon as its retention ends (idle workers delete it
 * later), or jobs for slots that passed while nobody led before they are caught up (they are
 * created late, not skipped).
 */
package dev.baton.recipes.scheduler;
