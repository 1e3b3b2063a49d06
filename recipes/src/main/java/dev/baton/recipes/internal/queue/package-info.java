/**
 * The ordered-queue decisions shared by the election and the lock: candidate names and data, the
 * wrap-safe queue order, and the pure {@link dev.baton.recipes.internal.queue.CandidateMachine}
 * (state + event &rarr; actions). No I/O and no threads here: the recipes' loops apply the actions
 * to a {@link dev.baton.recipes.kernel.QueueStore}, and the simulation tests drive the same machine
 * against a model of ZooKeeper.
 */
package dev.baton.recipes.internal.queue;
