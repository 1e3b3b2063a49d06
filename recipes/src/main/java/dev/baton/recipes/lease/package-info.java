/**
 * The lease-record backend: leader election on one row per election in a SQL table (PostgreSQL, or
 * H2 embedded), for teams without ZooKeeper. {@link dev.baton.recipes.lease.LeaseBackend} goes
 * where a {@code BatonSession} would ({@code LeaderElection.create}, {@code
 * LeaderScheduler.create}); {@link dev.baton.recipes.lease.LeaseConfig} holds its settings.
 *
 * <p>Guarantees: at most one candidate holds an active term whose local deadline has not passed,
 * given the database is linearizable for the row (one PostgreSQL primary); a term's deadline is the
 * time its last confirmed grant was sent plus the lease minus the safety margin, by the holder's
 * monotonic clock, and a timer of its own revokes it there even while a statement hangs; expiry is
 * decided by the database's clock only, so host clocks set apart change nothing; tokens come from
 * the table's sequence, not the row, so they rise on every change of holder (never on a renewal)
 * and are never handed out twice, whatever a stranger writes to the row or if it deletes it (it can
 * end the running term, and overlap it with the next until the next renewal, whose token is
 * higher); the holder is a candidate instance, not its participant id (the row names both), so two
 * live candidates with one id never share a term or a token; a refused, failed or late renewal
 * revokes the term at once; a graceful close releases the row after the {@code revoked} callback,
 * and on PostgreSQL wakes the followers.
 *
 * <p>Not guaranteed: that a paused holder stops writing (use the token with a fence); a queue or
 * fairness (followers poll with jitter); failover after a crash faster than the lease plus a poll;
 * anything across a failover to an asynchronous replica, which may hand out a token twice, or
 * across a change to the token sequence itself or a restored backup (refused at start when the
 * sequence is found below the table's highest token).
 */
package dev.baton.recipes.lease;
