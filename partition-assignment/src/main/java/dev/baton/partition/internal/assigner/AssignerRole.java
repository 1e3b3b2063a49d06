// SPDX-License-Identifier: Apache-2.0
package dev.baton.partition.internal.assigner;

import dev.baton.recipes.RevocationReason;
import dev.baton.recipes.election.Leadership;
import dev.baton.recipes.election.LeadershipListener;

/**
 * The member's listener of the group's assigner election: each term won starts the assigner on the
 * member's loop, each revocation stops it there. Both only enqueue work on the loop and return at
 * once, so the election's callback thread is never blocked by the assigner's I/O.
 */
public final class AssignerRole implements LeadershipListener {
  private final AssignerIo driver;

  public AssignerRole(AssignerIo driver) {
    this.driver = driver;
  }

  @Override
  public void elected(Leadership leadership) {
    driver.elected(leadership);
  }

  @Override
  public void revoked(Leadership leadership, RevocationReason reason) {
    driver.revoked(leadership);
  }
}
