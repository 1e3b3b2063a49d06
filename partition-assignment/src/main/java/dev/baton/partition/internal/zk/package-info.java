/**
 * The one place where partition ownership talks to ZooKeeper: the group's znode layout ({@link
 * dev.baton.partition.internal.zk.GroupPaths}), the ownership znodes created, checked and deleted
 * in batches ({@link dev.baton.partition.internal.zk.OwnerZnodes}), the member znode ({@link
 * dev.baton.partition.internal.zk.MemberZnode}), the other znodes' reads and fenced writes ({@link
 * dev.baton.partition.internal.zk.Znodes}) and the watches left on them ({@link
 * dev.baton.partition.internal.zk.Watch}). It knows neither the machines nor the API that use it.
 *
 * <p>Threading: every call blocks its caller (the member's loop, or a caller of {@code GroupStatus}
 * and {@code GroupAdmin}); watches fire on ZooKeeper's event thread. Not an API.
 */
package dev.baton.partition.internal.zk;
