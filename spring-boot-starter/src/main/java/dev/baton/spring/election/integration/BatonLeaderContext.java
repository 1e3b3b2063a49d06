// SPDX-License-Identifier: Apache-2.0
package dev.baton.spring.election.integration;

import dev.baton.fencing.FencingToken;
import dev.baton.recipes.election.Leadership;
import dev.baton.spring.election.BatonElection;
import org.springframework.integration.leader.Context;

/**
 * Spring Integration's leadership {@link Context} of one Baton term: {@link #isLeader()} while the
 * term is active, {@link #yield()} resigns it, {@link #getRole()} is the election's role, and the
 * term's fencing token for writes downstream. Cast the context of an {@code OnGrantedEvent} to it:
 *
 * <pre>{@code
 * @EventListener
 * void granted(OnGrantedEvent event) {
 *   FencingToken token = ((BatonLeaderContext) event.getContext()).token();
 * }
 * }</pre>
 */
public interface BatonLeaderContext extends Context {
  /** The term's fencing token. */
  FencingToken token();

  /** The term. */
  Leadership leadership();

  /** The election the term belongs to. */
  BatonElection election();
}
