// SPDX-License-Identifier: Apache-2.0
package dev.baton.bench.chaos.scenario;

import dev.baton.bench.chaos.ChaosClient;
import dev.baton.bench.chaos.ChaosRun;
import dev.baton.bench.chaos.Waits;

/**
 * 2. The owner partitioned from ZooKeeper by its proxies (blackhole: connections stay open, bytes
 * are dropped) while its process runs on and keeps writing; a successor takes over; then the
 * network heals.
 */
public final class PartitionOwner implements ChaosScenario {
  @Override
  public int number() {
    return 2;
  }

  @Override
  public String name() {
    return "partition";
  }

  @Override
  public String description() {
    return "owner blackholed from ZooKeeper while it runs, until a successor writes, then healed";
  }

  @Override
  public void inject(ChaosRun run) {
    ChaosClient victim = run.owner();
    ChaosRun.Mark before = run.mark();
    victim.blackholeZooKeeper();
    try {
      if (run.awaitSuccessor(
          victim, before, run.options().recoveryBound(), "while " + victim.id() + " was cut off")) {
        run.fault("blackhole of " + victim.id() + "'s ZooKeeper traffic: a successor wrote");
      }
      // the fault's deliberate extra length: the old owner runs on, cut off, next to its successor
      Waits.faultDuration(java.time.Duration.ofMillis(run.options().sessionMs() / 2));
    } finally {
      victim.healZooKeeper();
    }
    run.awaitRecovery(run.mark(), "healing " + victim.id() + "'s network");
  }
}
