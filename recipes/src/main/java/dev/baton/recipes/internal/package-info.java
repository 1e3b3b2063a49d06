/**
 * The recipes' ZooKeeper plumbing; not a public API: the session's liveness from Curator's
 * connection states ({@code CuratorLiveness}, the only reader of those states), the ZooKeeper
 * {@link dev.baton.recipes.internal.queue.QueueStore} ({@code ZkQueueStore}), the queue's reader
 * for observers ({@code QueueReader}) and the one translation of Curator's exceptions ({@code
 * ZkCalls}).
 */
package dev.baton.recipes.internal;
