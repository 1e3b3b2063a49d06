// SPDX-License-Identifier: Apache-2.0
package dev.baton.spring.election.integration;

import dev.baton.fencing.FencingToken;
import dev.baton.recipes.election.Leadership;
import dev.baton.spring.election.BatonElection;
import org.springframework.integration.leader.Context;

/** Spring Integration's leadership {@link Context} of a Baton term, with its fencing token. */
public interface BatonLeaderContext extends Context {
  /** The term's fencing token. */
  FencingToken token();

  /** The term. */
  Leadership leadership();

  /** The election the term belongs to. */
  BatonElection election();
}
