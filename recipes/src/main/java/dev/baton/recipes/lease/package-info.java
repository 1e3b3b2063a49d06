/**
 * The lease-record backend ({@link dev.baton.recipes.lease.LeaseBackend}, set up by {@link
 * dev.baton.recipes.lease.LeaseConfig}): leader election and the fenced lock on one row per
 * election in a PostgreSQL or H2 table; see {@code docs/backends.md#the-lease-row}.
 */
package dev.baton.recipes.lease;
