/**
 * The member side of partition ownership; only {@link dev.baton.partition.internal.member.MemberIo}
 * is public.
 *
 * <ul>
 *   <li>{@code MemberMachine} (with its parts {@code Joining}, {@code Ownerships}, {@code Takes}
 *       and {@code Deletions}, sharing a {@code MemberSession}, and per-partition state {@code
 *       Held}): state plus a {@code MemberEvent} gives a list of {@code MemberAction}s. No I/O, no
 *       threads, no clock (time comes with each event): unit-tested and simulated without a server.
 *   <li>{@code MemberIo}: the machine's {@link dev.baton.recipes.kernel.Io}; a {@link
 *       dev.baton.recipes.kernel.Shell} on the member's one loop hands it the actions, which it
 *       applies through the blocking calls of {@code OwnerZnodes}, {@code MemberZnode} and the
 *       shared {@code Znodes}, and feeds every answer back as an event.
 *   <li>{@code OwnershipHandle} (the kernel's term state machine), {@code OwnershipHandles}, {@code
 *       Terms} and {@code PartitionCallbacks} (a serial loop per partition).
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
