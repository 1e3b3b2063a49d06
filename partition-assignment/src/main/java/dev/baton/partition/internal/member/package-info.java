/**
 * The member side of partition ownership: a pure machine and its I/O.
 *
 * <ul>
 *   <li>{@link dev.baton.partition.internal.member.MemberMachine} (with its parts {@link
 *       dev.baton.partition.internal.member.Joining}, {@link
 *       dev.baton.partition.internal.member.Ownerships}, {@link
 *       dev.baton.partition.internal.member.Takes} and {@link
 *       dev.baton.partition.internal.member.Deletions}, sharing a {@link
 *       dev.baton.partition.internal.member.MemberSession}, and per-partition state {@link
 *       dev.baton.partition.internal.member.Held}): state plus a {@link
 *       dev.baton.partition.internal.member.MemberEvent} gives a list of {@link
 *       dev.baton.partition.internal.member.MemberAction}s. No I/O, no threads, no clock (time
 *       comes with each event): unit-tested and simulated without a server.
 *   <li>{@link dev.baton.partition.internal.member.MemberIo}: applies the actions on the member's
 *       one {@link dev.baton.recipes.kernel.SerialLoop} through the blocking calls of {@link
 *       dev.baton.partition.internal.zk} and feeds every answer back as an event.
 *   <li>{@link dev.baton.partition.internal.member.OwnershipHandle} (the kernel's term state
 *       machine), {@link dev.baton.partition.internal.member.Terms} and {@link
 *       dev.baton.partition.internal.member.PartitionCallbacks} (a serial loop per partition).
 * </ul>
 *
 * <p>Threading rules: the machine and the I/O's state are confined to the member's loop. Other
 * threads only enqueue events on the loop: the session's event thread (connection epochs; a link
 * going down also drops every ownership's signal at once), ZooKeeper's event thread (watch
 * notifications) and the callback loops (a {@code revoked} returned). Ownership handles and the
 * active-ownership map are thread-safe. User callbacks run only on their partition's callback loop,
 * never on the member's loop, ZooKeeper's or Curator's threads, nor under a lock. Not an API.
 */
package dev.baton.partition.internal.member;
