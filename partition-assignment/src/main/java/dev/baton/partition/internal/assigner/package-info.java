/**
 * The assigner side of partition ownership, run by the member that holds a term of the group's
 * assigner election: the pure {@code AssignerMachine} and its parts, and {@link
 * dev.baton.partition.internal.assigner.AssignerIo}, the election's listener and the machine's io
 * on the member's one loop. The election's callbacks and watch notifications only enqueue events on
 * that loop, so the election's callback thread is never blocked by the assigner. Not an API.
 */
package dev.baton.partition.internal.assigner;
