/**
 * The lease-record backend: leader election and the fenced lock on one row per election in a SQL
 * table (PostgreSQL, or H2 embedded), for teams without ZooKeeper. {@link
 * dev.baton.recipes.lease.LeaseBackend} goes where a {@code BatonSession} would; {@link
 * dev.baton.recipes.lease.LeaseConfig} holds its settings.
 *
 * <p>Expiry is decided by the database's clock only; a term's local deadline is the time its last
 * confirmed grant was sent plus the lease minus the safety margin, by the holder's monotonic clock;
 * tokens come from the table's sequence, so they rise on every change of holder. Guarantees and
 * non-guarantees: {@code docs/guarantees.md} and {@code docs/backends.md#the-lease-row}.
 */
package dev.baton.recipes.lease;
