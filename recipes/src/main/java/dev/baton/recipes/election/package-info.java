/**
 * Leader election with a fencing token per term.
 *
 * <p>Entry points: {@link dev.baton.recipes.election.LeaderElection} (take part), {@link
 * dev.baton.recipes.election.ElectionObserver} (watch), {@link
 * dev.baton.recipes.election.ElectionConfig} (settings). Guarantees per backend: {@code
 * docs/guarantees.md}; threading: {@code docs/architecture.md}.
 *
 * <p>The machinery is package-private and the same for every backend: {@code ElectionTerms} hears
 * of terms from a backend's {@link dev.baton.recipes.backend.Candidacy} and keeps them (one {@code
 * LeadershipHandle} each) in one {@code TermSlot}, under the lock the backend reports ends and
 * pauses with; {@code CallbackDispatcher} runs user callbacks on their own loop.
 */
package dev.baton.recipes.election;
