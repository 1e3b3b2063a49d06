/**
 * Leader election with a fencing token per term.
 *
 * <p>Entry points: {@link dev.baton.recipes.election.LeaderElection} (take part), {@link
 * dev.baton.recipes.election.ElectionObserver} (watch without taking part), {@link
 * dev.baton.recipes.election.ElectionConfig} (settings and their defaults). Guarantees and
 * non-guarantees, per backend: {@code docs/guarantees.md}; the threading contract: {@code
 * docs/architecture.md}. In short: at most one healthy candidate holds an active term on one path;
 * tokens of successive terms strictly increase; callbacks run on the election's callback loop, one
 * at a time, in order, {@code revoked} exactly once after each {@code elected}; a former leader
 * that paused is not stopped, so pass the token to a fence.
 *
 * <p>The machinery is package-private and the same for every backend: {@code ElectionTerms} hears
 * of terms from a backend's {@link dev.baton.recipes.backend.Candidacy} and begins, pauses and ends
 * them (one {@code LeadershipHandle} each) in one {@code TermSlot}, under one lock with which the
 * backend reports ends and pauses; {@code CallbackDispatcher} runs user callbacks on a loop of
 * their own; {@code ElectionMetrics} keeps the meters.
 */
package dev.baton.recipes.election;
