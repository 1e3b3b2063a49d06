/**
 * The ZooKeeper queue backend, everything ZooKeeper-specific under one name; not a public API.
 *
 * <p>The decisions: candidate names and data, the wrap-safe queue order and the pure {@code
 * CandidateMachine} (state + event &rarr; actions), shared by the election and the lock. The io:
 * the {@code QueueStore} of ZooKeeper ({@code ZkQueueStore}), {@code CandidateIo} applying the
 * machine's actions on one loop, {@code QueueCandidacy} turning them into terms behind the {@link
 * dev.baton.recipes.backend.Backend} seam, {@code LockAttempt} running them on a lock's caller
 * thread, and {@code QueueReader} for observers. The session's side: its liveness from Curator's
 * connection states ({@code CuratorLiveness}, the only reader of those states), the one translation
 * of Curator's exceptions ({@code ZkCalls}), the SASL login check and the bounded close of the
 * client.
 *
 * <p>Everything is package-private but the entry points: {@link
 * dev.baton.recipes.internal.queue.QueueSession} for {@code BatonSession}, {@link
 * dev.baton.recipes.internal.queue.LockQueue} (with {@link
 * dev.baton.recipes.internal.queue.Deletion}) for the lock's seat, and {@link
 * dev.baton.recipes.internal.queue.Preload} for the election. The simulation tests drive the same
 * machine against a model of ZooKeeper, in this package.
 */
package dev.baton.recipes.internal.queue;
