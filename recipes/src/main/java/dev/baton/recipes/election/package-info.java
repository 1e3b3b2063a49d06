/**
 * Leader election with a fencing token per term.
 *
 * <p>Entry points: {@link dev.baton.recipes.election.LeaderElection} (take part), {@link
 * dev.baton.recipes.election.ElectionObserver} (watch without taking part), {@link
 * dev.baton.recipes.election.ElectionConfig} (settings and their defaults).
 *
 * <h2>Guarantees</h2>
 *
 * <ul>
 *   <li>At most one candidate whose session is healthy holds an active term on one election path.
 *   <li>Tokens of successive terms strictly increase: across session expiry, re-entry, a change of
 *       the ensemble's own leader and a restart of the ensemble from its data directory.
 *   <li>A handover wakes exactly one candidate (predecessor-only watches).
 *   <li>A suspended connection ends (or, under {@link
 *       dev.baton.recipes.election.ConnectionPolicy#SESSION}, pauses) the term at once, without
 *       waiting for ZooKeeper I/O in progress.
 *   <li>Callbacks run on the election's callback loop, one at a time, in order (on threads it
 *       borrows from a shared pool, so not always the same thread); {@code revoked} follows each
 *       {@code elected} exactly once; exceptions are logged and counted, never swallowed.
 *   <li>What is read from ZooKeeper is parsed strictly and never crashes a candidate: children that
 *       are not candidate znodes are ignored (logged once at WARN, counted), and an observer
 *       reports a candidate-named znode with bad data, or one that is not ephemeral, as a {@link
 *       dev.baton.recipes.MalformedCandidateException}, never as the leader.
 * </ul>
 *
 * <h2>Not guaranteed</h2>
 *
 * <ul>
 *   <li>That a former leader stops acting: a paused process sees no signal. Pass the token to a
 *       fence.
 *   <li>Tokens across a wiped ensemble: a fresh data directory restarts zxids, so new tokens are
 *       lower than old ones and a fence will (safely) reject them until its high-water mark is
 *       reset.
 *   <li>Fairness beyond queue order, or any bound on failover faster than the session timeout after
 *       a crash.
 *   <li>Progress while someone with write access to the election path keeps a candidate-named znode
 *       at the head of the queue: candidates wait behind it (safe, but nobody leads). Restrict the
 *       path with ACLs.
 * </ul>
 *
 * <p>The machinery is package-private, beside {@link dev.baton.recipes.election.LeaderElection}:
 * {@code ElectionTerms} hears of terms from a backend's {@link dev.baton.recipes.backend.Candidacy}
 * and begins, pauses and ends them (one {@code LeadershipHandle} each) in one {@code TermSlot},
 * under one lock with which the backend reports ends and pauses; {@code CallbackDispatcher} runs
 * user callbacks on a loop of their own; {@code ElectionMetrics} keeps the meters. The same for
 * every backend.
 */
package dev.baton.recipes.election;
