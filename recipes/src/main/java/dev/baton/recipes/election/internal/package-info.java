/**
 * The election's machinery; not a public API and free to change.
 *
 * <p>{@code ElectionTerms} hears of terms from a backend's {@link
 * dev.baton.recipes.backend.Candidacy} and begins, pauses and ends them (one {@link
 * dev.baton.recipes.kernel.TermHandle} each) in one {@code TermSlot}, under one lock with which the
 * backend reports ends and pauses; {@code CallbackDispatcher} runs user callbacks on a loop of
 * their own. The same for every backend.
 */
package dev.baton.recipes.election.internal;
