/**
 * Helpers that Baton's library modules share: configuration checks, escaping of untrusted text, the
 * strict decoder of records read back from ZooKeeper, race-tolerant table creation. Not an API for
 * applications: it may change in any release, and the Spring starter, the demo and the benchmarks
 * do not use it (checked by the architecture tests).
 */
package dev.baton.internal;
