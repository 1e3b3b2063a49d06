/**
 * The SQL fence: a fence table (see {@link dev.baton.fencing.sql.SqlFenceSchema}) whose conditional
 * update runs inside the caller's transaction, on PostgreSQL or embedded H2. Guarantee: the
 * caller's statements commit only if the token was accepted, and accepted tokens of a resource
 * never go down; a write reported rejected or failed committed nothing, and one whose {@code
 * COMMIT} failed without a rollback from the database (the connection broke) is reported as {@link
 * dev.baton.fencing.WriteOutcomeUnknownException}. Not guaranteed: protection of statements run
 * outside the fenced transaction; knowing whether a write with an unknown outcome committed (read
 * it back); the outcome of {@code acceptInTransaction}'s transaction, which the caller commits.
 */
package dev.baton.fencing.sql;
