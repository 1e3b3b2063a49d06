/**
 * The SQL fence: a fence table (see {@link dev.baton.fencing.sql.SqlFenceSchema}) whose conditional
 * update runs inside the caller's transaction, on PostgreSQL or embedded H2. Guarantee: the
 * caller's statements commit only if the token was accepted, and accepted tokens of a resource
 * never go down. Not guaranteed: protection of statements run outside the fenced transaction.
 */
package dev.baton.fencing.sql;
