// SPDX-License-Identifier: Apache-2.0
package dev.baton.recipes.election;

import dev.baton.fencing.FencingToken;
import java.time.Instant;
import java.util.Optional;

/**
 * A snapshot of one election's health, for health checks and status pages.
 *
 * @param token the token of the current term, if any (also while paused)
 * @param lastTransition when the candidate last became leader or lost leadership, if ever
 * @param loopFailures how many tasks of the candidate's loop failed (each was logged and retried)
 * @param failure the fatal error that stopped the election, if one did (unhealthy for good)
 * @param degraded what works worse than it should: the lease backend's failing statement ({@code
 *     connected} is then false), or unheard wake-ups (followers poll, still healthy)
 */
public record ElectionHealth(
    LeaderElection.State state,
    boolean connected,
    boolean leader,
    Optional<FencingToken> token,
    Optional<Instant> lastTransition,
    long callbackFailures,
    long loopFailures,
    Optional<String> failure,
    Optional<String> degraded) {

  /** Healthy: started, connected and not failed. Being a follower is healthy. */
  public boolean isHealthy() {
    return state == LeaderElection.State.STARTED && connected && failure.isEmpty();
  }
}
