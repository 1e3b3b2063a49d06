/**
 * The service interface for writing a recipe or a backend's candidate, public on purpose and as
 * stable as the API (partition-assignment uses it); applications use recipes, backends implement
 * {@link dev.baton.recipes.backend.Backend} (see docs/architecture.md, "Writing a recipe").
 *
 * <ul>
 *   <li>{@link dev.baton.recipes.spi.Liveness}: connection epochs and {@code done}; recipes never
 *       read the client library's states.
 *   <li>{@link dev.baton.recipes.spi.SerialLoop}: the one serial loop for a recipe's I/O.
 *   <li>{@link dev.baton.recipes.spi.Shell}: runs a {@link dev.baton.recipes.spi.Machine} on a
 *       loop, handing its actions to an {@link dev.baton.recipes.spi.Io}.
 *   <li>{@link dev.baton.recipes.spi.TermHandle}: the one {@link dev.baton.recipes.Term}; {@link
 *       dev.baton.recipes.spi.BatonThreads}: the one thread factory.
 * </ul>
 */
package dev.baton.recipes.spi;
