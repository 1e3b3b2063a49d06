/**
 * The member side of partition ownership: a pure decision step and a thin I/O layer.
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
 *   <li>{@link dev.baton.partition.internal.member.MemberIo}: applies the actions on the
 *       member's one {@link dev.baton.recipes.kernel.SerialLoop} through blocking adapters
 *       (ownership znodes created, checked and deleted in batches, the member znode, the assignment
 *       reader) and feeds every answer back as an event. The adapters know nothing of each other or
 *       of the driver.
 *   <li>{@link dev.baton.partition.internal.member.OwnershipHandle} (the kernel's term state machine)
 *       and {@link dev.baton.partition.internal.member.PartitionCallbacks} (the member's own
 *       callback pool, ordered per partition).
 * </ul>
 *
 * <p>Threading rules: the machine, the driver's state and the adapters are confined to the member's
 * loop thread. Other threads only enqueue events on the loop: the session's event thread
 * (connection epochs; a link going down also drops every ownership's signal at once), ZooKeeper's event
 * thread (watch notifications) and the callback pool (a {@code revoked} returned). OwnershipHandles and the
 * active-ownership map are thread-safe. User callbacks run only on the callback pool, never on the
 * loop, ZooKeeper's or Curator's threads, nor under a lock. Not an API.
 */
package dev.baton.partition.internal.member;
