/**
 * Internals of partition ownership: the record formats stored in ZooKeeper, the member's ownership loop,
 * the assigner, and pure pieces (grace periods, checked rebalances) tested without a server. Not an API.
 */
package dev.baton.partition.internal;
