/**
 * The ordered-queue decisions shared by the election and the lock: candidate names and data, the
 * wrap-safe queue order, and the pure {@link dev.baton.recipes.internal.queue.CandidateMachine}
 * (state + event &rarr; actions). The machine does no I/O: {@code CandidateIo} applies its actions
 * to a {@link dev.baton.recipes.internal.queue.QueueStore} on one loop, and {@code QueueCandidacy}
 * turns them into terms behind the {@link dev.baton.recipes.backend.Backend} seam; the simulation
 * tests drive the same machine against a model of ZooKeeper.
 */
package dev.baton.recipes.internal.queue;
