/**
 * The lease-record backend: leader election and the fenced lock on one row per election in a SQL
 * table (PostgreSQL, or H2 embedded). {@link dev.baton.recipes.lease.LeaseBackend} goes where a
 * {@code BatonSession} would; {@link dev.baton.recipes.lease.LeaseConfig} holds its settings.
 * Expiry is the database's clock; a term's local deadline is the holder's monotonic clock; tokens
 * come from the table's sequence. Guarantees: {@code docs/guarantees.md}, {@code
 * docs/backends.md#the-lease-row}.
 */
package dev.baton.recipes.lease;
