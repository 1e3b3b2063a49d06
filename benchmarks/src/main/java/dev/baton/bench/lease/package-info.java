/**
 * The {@code lease} scenario: Baton's lease-record leader election on PostgreSQL against ShedLock's
 * JDBC provider and Spring Integration's JDBC lock registry with its leader initiator, on the same
 * database with the same lease: graceful handover, crash failover, statements of idle candidates
 * and a stale holder's write after a pause, one RESULT line per system.
 */
package dev.baton.bench.lease;
