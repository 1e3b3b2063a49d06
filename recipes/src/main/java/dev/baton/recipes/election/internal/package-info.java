/**
 * The election's machinery; not a public API and free to change.
 *
 * <p>{@link dev.baton.recipes.election.internal.CandidateOrder},
 * {@link dev.baton.recipes.election.internal.CandidateName} and
 * {@link dev.baton.recipes.election.internal.CandidateData} are pure (queue order, decisions, and the
 * strict parsing of the child names and data read from ZooKeeper);
 * {@code CandidateLoop} does all ZooKeeper I/O on one thread; {@code ElectionCore} holds the term state
 * shared with the connection-state thread; {@code CallbackDispatcher} runs user callbacks on their own
 * thread.
 */
package dev.baton.recipes.election.internal;
