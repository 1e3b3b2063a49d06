/**
 * Leader election with a fencing token per term: {@link dev.baton.recipes.election.LeaderElection}
 * takes part, {@link dev.baton.recipes.election.ElectionObserver} watches, {@link
 * dev.baton.recipes.election.ElectionConfig} holds the settings. Guarantees per backend: {@code
 * docs/guarantees.md}; threading: {@code docs/architecture.md}. The package-private machinery is
 * the same for every backend.
 */
package dev.baton.recipes.election;
