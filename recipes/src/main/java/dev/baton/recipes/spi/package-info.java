/**
 * The service interface for writing a recipe (or a backend's candidate): what every Baton recipe
 * stands on, public on purpose and kept as stable as the API (the partition-assignment module is
 * written on it). Applications use the recipes instead, and a backend implements {@link
 * dev.baton.recipes.backend.Backend}. See docs/architecture.md, "Writing a recipe".
 *
 * <ul>
 *   <li>{@link dev.baton.recipes.spi.Liveness}: a session's connection epochs and {@code done}
 *       signal, published by {@link dev.baton.recipes.BatonSession#liveness()}; recipes never read
 *       the client library's connection states.
 *   <li>{@link dev.baton.recipes.spi.SerialLoop}: the one serial loop for a recipe's I/O; never
 *       swallows a {@link Throwable}; scheduler and clock injected ({@link
 *       dev.baton.recipes.spi.LoopScheduler}); in production {@link
 *       dev.baton.recipes.spi.ThreadLoopScheduler}, which borrows a thread of a shared pool only
 *       while the loop has a task due.
 *   <li>{@link dev.baton.recipes.spi.Shell}: the one shell that runs a recipe's decision {@link
 *       dev.baton.recipes.spi.Machine} on a serial loop and hands its actions to the recipe's
 *       {@link dev.baton.recipes.spi.Io}: feeding, replies, timers, subscriptions, bounded close.
 *   <li>{@link dev.baton.recipes.spi.TermHandle}: the one implementation of {@link
 *       dev.baton.recipes.Term}.
 *   <li>{@link dev.baton.recipes.spi.BatonThreads}: the one thread factory.
 * </ul>
 */
package dev.baton.recipes.spi;
