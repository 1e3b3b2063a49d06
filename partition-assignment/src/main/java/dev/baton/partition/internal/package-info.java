/**
 * Internals of partition ownership shared by the API, the member ({@link
 * dev.baton.partition.internal.member}) and the assigner ({@link
 * dev.baton.partition.internal.assigner}): znode layout, blocking znode calls, stored records and
 * meters (see docs/partitions.md, "How the code is laid out"). Not an API.
 */
package dev.baton.partition.internal;
