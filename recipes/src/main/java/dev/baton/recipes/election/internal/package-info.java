/**
 * The election's machinery; not a public API and free to change.
 *
 * <p>The decisions are the pure {@link dev.baton.recipes.internal.queue.CandidateMachine}'s; {@code
 * CandidateRunner} applies them to a {@link dev.baton.recipes.kernel.QueueStore} on one {@link
 * dev.baton.recipes.kernel.SerialLoop}; {@code ElectionCore} begins and ends the terms (one {@link
 * dev.baton.recipes.kernel.TermHandle} each) under one lock shared with the session's event thread;
 * {@code CallbackDispatcher} runs user callbacks on a loop of their own.
 */
package dev.baton.recipes.election.internal;
