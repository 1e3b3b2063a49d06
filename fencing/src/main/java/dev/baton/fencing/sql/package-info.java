/**
 * The SQL fence: a fence table ({@link dev.baton.fencing.sql.SqlFenceSchema}) updated conditionally
 * in the caller's transaction (PostgreSQL, H2), so the caller's statements commit only if the token
 * was accepted, and accepted tokens never go down. A rejected or failed write committed nothing;
 * one whose {@code COMMIT} failed without a database rollback is a {@link
 * dev.baton.fencing.WriteOutcomeUnknownException}. Not covered: statements outside the fenced
 * transaction, and the commit of {@code acceptInTransaction}'s transaction.
 */
package dev.baton.fencing.sql;
