/**
 * The service interface for writing a recipe (or a backend's candidate), public on purpose and kept
 * as stable as the API (partition-assignment is written on it); applications use the recipes, a
 * backend implements {@link dev.baton.recipes.backend.Backend}. See docs/architecture.md, "Writing
 * a recipe".
 *
 * <ul>
 *   <li>{@link dev.baton.recipes.spi.Liveness}: a session's connection epochs and {@code done}
 *       signal; recipes never read the client library's connection states.
 *   <li>{@link dev.baton.recipes.spi.SerialLoop}: the one serial loop for a recipe's I/O, on an
 *       injected {@link dev.baton.recipes.spi.LoopScheduler} ({@link
 *       dev.baton.recipes.spi.ThreadLoopScheduler} in production).
 *   <li>{@link dev.baton.recipes.spi.Shell}: runs a recipe's {@link dev.baton.recipes.spi.Machine}
 *       on a serial loop and hands its actions to the recipe's {@link dev.baton.recipes.spi.Io}.
 *   <li>{@link dev.baton.recipes.spi.TermHandle}: the one {@link dev.baton.recipes.Term}; {@link
 *       dev.baton.recipes.spi.BatonThreads}: the one thread factory.
 * </ul>
 */
package dev.baton.recipes.spi;
