/**
 * The member side of partition ownership: the pure {@code MemberMachine} and its parts, and {@link
 * dev.baton.partition.internal.member.MemberIo}, its io on the member's one loop, with the
 * ownership handles and the per-partition callback loops.
 *
 * <p>Threading: the machine and the io's state are confined to the member's loop; other threads
 * (the session's event thread, ZooKeeper's watch notifications, the callback loops) only enqueue
 * events on it, except that a link going down drops every ownership's signal at once. User
 * callbacks run only on their partition's callback loop, never on the member's loop, ZooKeeper's or
 * Curator's threads, nor under a lock. Not an API.
 */
package dev.baton.partition.internal.member;
