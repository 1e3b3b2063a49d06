/**
 * The failover scenarios {@code failover-crash} (SIGKILL of the leader's process) and {@code
 * failover-sigterm} (SIGTERM, with a shutdown hook that closes the election): a leader in a child
 * JVM, its followers in the benchmark's JVM, Baton's {@code LeaderElection} against Curator's
 * {@code LeaderLatch} in alternating rounds, timed from the signal to the successor's elected
 * callback.
 */
package dev.baton.bench.failover;
