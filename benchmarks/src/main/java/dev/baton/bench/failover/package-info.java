/**
 * The failover scenarios {@code failover-crash} (SIGKILL of a leader's process) and {@code
 * failover-sigterm} (SIGTERM). Method: docs/benchmarks.md, "Failover after a crash and on SIGTERM".
 */
package dev.baton.bench.failover;
