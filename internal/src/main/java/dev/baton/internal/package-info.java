/**
 * Helpers Baton's library modules share: configuration checks, escaping untrusted text, strict
 * decoding of ZooKeeper records, race-tolerant table creation. Not an application API: it may
 * change in any release; architecture tests keep the starter, demo and benchmarks off it.
 */
package dev.baton.internal;
