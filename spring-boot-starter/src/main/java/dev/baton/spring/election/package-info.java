// SPDX-License-Identifier: Apache-2.0
/**
 * Elections as Spring lifecycle beans.
 *
 * <p>{@link dev.baton.spring.election.BatonElection} runs one Baton {@code LeaderElection} as a
 * {@code SmartLifecycle}; {@link dev.baton.spring.election.BatonElections} (the {@link
 * dev.baton.spring.election.ElectionTerms}) finds them by name. The auto-configuration makes one
 * per {@code baton.election.<name>.path}, as the bean {@code <name>Election}.
 *
 * <p>Events: every election always publishes Baton's own {@link
 * dev.baton.spring.election.LeadershipGrantedEvent} and {@link
 * dev.baton.spring.election.LeadershipRevokedEvent} (with the term and the revocation reason); with
 * Spring Integration on the class path it also publishes {@code OnGrantedEvent} and {@code
 * OnRevokedEvent} for its role (see {@link dev.baton.spring.election.integration}), right after the
 * Baton event and on the same thread.
 *
 * <p>Threading and order: events are published on the election's own callback thread ({@code
 * baton-election-callbacks-...}), never on ZooKeeper's or Curator's threads and never under a lock
 * of Baton's, one at a time, in the order of the transitions; each grant is followed by exactly one
 * revocation of the same term before the next grant. Listeners run synchronously (unless the
 * application made its event multicaster asynchronous, which gives this order up), so a slow
 * listener delays the next event, not the revocation itself: the term's {@code isActive()} drops at
 * once. A listener that throws on a grant makes the instance resign (Baton's {@code
 * resignOnCallbackFailure}).
 *
 * <p>Lifecycle order: elections start late and stop early (phase {@link
 * dev.baton.spring.election.BatonElection#DEFAULT_PHASE}); the session bean (or, with {@code
 * baton.backend=lease}, the lease backend's {@code DataSource}) is closed only when the context
 * destroys its beans, after every lifecycle bean stopped, so the last event of a context that
 * closes is a revocation with reason {@code CLOSED}, the term is released, and the successor takes
 * over at once.
 */
@NullMarked
package dev.baton.spring.election;

import org.jspecify.annotations.NullMarked;
