// SPDX-License-Identifier: Apache-2.0
package dev.baton.bench.chaos.scenario;

import dev.baton.bench.chaos.ChaosClient;
import dev.baton.bench.chaos.ChaosProtocol.Backend;
import dev.baton.bench.chaos.ChaosRun;
import dev.baton.bench.chaos.Waits;
import java.util.OptionalLong;

/**
 * 2. The owner partitioned from its coordination store while its process runs on and keeps writing;
 * a successor takes over; then the network heals. On ZooKeeper its ZooKeeper proxies are blackholed
 * (connections stay open, bytes are dropped); on the lease backend its lease link is, and its term
 * must also have ended, by its own clock, before the successor's began ({@link
 * ChaosRun#termEndedBeforeSuccessor}). Either way it keeps reaching the database its writes go to.
 * The fault counts once the successor wrote (and, on the lease, the owner's term was seen to end).
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
    return "owner blackholed from its store (ZooKeeper or the lease) while it runs, until a"
        + " successor writes, then healed";
  }

  @Override
  public void inject(ChaosRun run) {
    ChaosClient victim = run.owner();
    OptionalLong term = victim.currentTerm();
    ChaosRun.Mark before = run.mark();
    victim.blackholeStore();
    try {
      if (run.awaitSuccessor(
          victim, before, run.options().recoveryBound(), "while " + victim.id() + " was cut off")) {
        if (victim.backend() == Backend.ZK) {
          run.fault("blackhole of " + victim.id() + "'s ZooKeeper traffic: a successor wrote");
        } else if (term.isPresent()
            && run.termEndedBeforeSuccessor(victim, term.getAsLong(), before)) {
          run.fault(
              "blackhole of "
                  + victim.id()
                  + "'s lease link: its term (token "
                  + term.getAsLong()
                  + ") ended by its own clock and a successor wrote");
        } else if (term.isEmpty()) {
          run.faultNotObserved("partition: " + victim.id() + " had no term when it was cut off");
        }
      }
      // the fault's deliberate extra length: the old owner runs on, cut off, next to its successor
      Waits.faultDuration(java.time.Duration.ofMillis(run.options().sessionMs() / 2));
    } finally {
      victim.healStore();
    }
    run.awaitRecovery(run.mark(), "healing " + victim.id() + "'s network");
  }
}
