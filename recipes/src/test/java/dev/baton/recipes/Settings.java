// SPDX-License-Identifier: Apache-2.0
package dev.baton.recipes;

import dev.baton.recipes.election.ConnectionPolicy;
import dev.baton.testkit.sim.SimRandom;

/**
 * The shape of one simulated run, drawn from its seed: how many candidates, which policy, how long,
 * how hostile.
 *
 * @param candidates clients taking part (2 to 5)
 * @param policy the election's connection policy
 * @param lock true for lock attempts ({@code reenter} false), false for an election
 * @param steps random steps before the system is left to settle
 * @param startCversion the queue's initial child version (near {@code Integer.MAX_VALUE} in some
 *     runs, so that sequences wrap)
 * @param faultScale multiplies the weight of every fault (link cuts, expiries, deletions)
 * @param requestLossPercent chance, in percent, that a request loses its connection (half before
 *     the server applied it, half after)
 * @param maxRetries how many times the store client retries a request after a connection loss
 * @param operatorDeletes true if an operator deletes queue entries now and then
 * @param mutation the deliberate bug, if any
 * @param tolerated the known findings the harness works around (see {@link Finding})
 */
record Settings(
    int candidates,
    ConnectionPolicy policy,
    boolean lock,
    int steps,
    int startCversion,
    int faultScale,
    int requestLossPercent,
    int maxRetries,
    boolean operatorDeletes,
    Mutation mutation,
    java.util.Set<Finding> tolerated) {

  /** True under the session policy: a suspended link pauses the term instead of ending it. */
  boolean pausesOnSuspend() {
    return policy == ConnectionPolicy.SESSION;
  }

  /** True if the known finding {@code f} is worked around in this run. */
  boolean tolerates(Finding f) {
    return tolerated.contains(f);
  }

  /** The settings of the run with {@code seed}; the same seed always gives the same settings. */
  static Settings draw(
      long seed, boolean lock, Mutation mutation, java.util.Set<Finding> tolerated) {
    SimRandom r = new SimRandom(seed ^ 0x5DEECE66DL);
    int candidates = r.between(2, 5);
    ConnectionPolicy policy = r.chance(0.5) ? ConnectionPolicy.STANDARD : ConnectionPolicy.SESSION;
    int steps = r.between(60, 400);
    int cversion = r.chance(0.2) ? Integer.MAX_VALUE - r.nextInt(12) : r.nextInt(1000);
    int faultScale = r.pick(java.util.List.of(1, 2, 4));
    int loss = r.pick(java.util.List.of(0, 2, 5, 10));
    int retries = r.between(0, 3);
    boolean deletes = r.chance(0.5);
    return new Settings(
        candidates,
        policy,
        lock,
        steps,
        cversion,
        faultScale,
        loss,
        retries,
        deletes,
        mutation,
        java.util.Set.copyOf(tolerated));
  }

  @Override
  public String toString() {
    return (lock ? "lock" : "election")
        + " candidates="
        + candidates
        + (lock ? "" : " policy=" + policy)
        + " steps="
        + steps
        + " cversion="
        + startCversion
        + " faults=x"
        + faultScale
        + " loss="
        + requestLossPercent
        + "% retries="
        + maxRetries
        + " operatorDeletes="
        + operatorDeletes
        + (mutation == Mutation.NONE ? "" : " MUTATION=" + mutation)
        + " tolerated="
        + new java.util.TreeSet<>(tolerated);
  }
}
