/**
 * The kernel every Baton recipe stands on, published for Baton's recipe modules; applications use
 * the recipes instead, and a backend implements {@link dev.baton.recipes.backend.Backend}.
 *
 * <ul>
 *   <li>{@link dev.baton.recipes.kernel.Liveness}: a session's connection epochs and {@code done}
 *       signal, published by {@link dev.baton.recipes.BatonSession#liveness()}; recipes never read
 *       the client library's connection states.
 *   <li>{@link dev.baton.recipes.kernel.SerialLoop}: the one serial loop for a recipe's I/O; never
 *       swallows a {@link Throwable}; scheduler and clock injected ({@link
 *       dev.baton.recipes.kernel.LoopScheduler}); in production {@link
 *       dev.baton.recipes.kernel.ThreadLoopScheduler}, which borrows a thread of a shared pool only
 *       while the loop has a task due.
 *   <li>{@link dev.baton.recipes.kernel.Shell}: the one shell that runs a recipe's decision {@link
 *       dev.baton.recipes.kernel.Machine} on a serial loop and hands its actions to the recipe's
 *       {@link dev.baton.recipes.kernel.Io}: feeding, replies, timers, subscriptions, bounded
 *       close.
 *   <li>{@link dev.baton.recipes.kernel.TermHandle}: the one implementation of {@link
 *       dev.baton.recipes.Term}.
 *   <li>{@link dev.baton.recipes.kernel.BatonThreads}: the one thread factory.
 * </ul>
 */
package dev.baton.recipes.kernel;
