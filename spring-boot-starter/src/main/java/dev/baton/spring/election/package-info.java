// SPDX-License-Identifier: Apache-2.0
/**
 * Elections as Spring lifecycle beans ({@link dev.baton.spring.election.BatonElection}, by name in
 * {@link dev.baton.spring.election.BatonElections}). Their events are published in transition order
 * on the election's callback thread, never ZooKeeper's or Curator's, nor under a lock.
 */
@NullMarked
package dev.baton.spring.election;

import org.jspecify.annotations.NullMarked;
