// SPDX-License-Identifier: Apache-2.0
/**
 * Elections as Spring lifecycle beans: {@link dev.baton.spring.election.BatonElection} runs one
 * {@code LeaderElection} as a {@code SmartLifecycle}, {@link
 * dev.baton.spring.election.BatonElections} finds them by name. Events ({@link
 * dev.baton.spring.election.LeadershipGrantedEvent}, {@link
 * dev.baton.spring.election.LeadershipRevokedEvent}) are published on the election's callback
 * thread, never on ZooKeeper's or Curator's threads nor under a lock, in the order of the
 * transitions (see docs/spring.md).
 */
@NullMarked
package dev.baton.spring.election;

import org.jspecify.annotations.NullMarked;
