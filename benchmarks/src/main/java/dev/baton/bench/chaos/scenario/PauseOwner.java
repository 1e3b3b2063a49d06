// SPDX-License-Identifier: Apache-2.0
package dev.baton.bench.chaos.scenario;

import dev.baton.bench.chaos.ChaosClient;
import dev.baton.bench.chaos.ChaosRun;

/**
 * 1. The owner's process paused (SIGSTOP) beyond its session timeout while a successor takes over
 * and writes, then resumed (SIGCONT): it wakes believing it still owns, and whatever it writes must
 * be rejected. Before the pause the owner holds one write decided with its token ({@code HOLD});
 * released after the resume, it must reach the fence and be REJECTED. The fault counts once a
 * successor wrote while the owner was stopped.
 */
public final class PauseOwner implements ChaosScenario {
  @Override
  public int number() {
    return 1;
  }

  @Override
  public String name() {
    return "pause";
  }

  @Override
  public String description() {
    return "owner paused (SIGSTOP) past its session until a successor writes, then resumed";
  }

  @Override
  public void inject(ChaosRun run) {
    ChaosClient victim = run.owner();
    // a write decided with the owner's token, held until the successor has written
    ChaosClient.HeldWrite held = victim.holdWrites(run.options().recoveryBound());
    ChaosRun.Mark before = run.mark();
    victim.pause();
    try {
      if (run.awaitSuccessor(
          victim,
          before,
          run.options().recoveryBound(),
          "while " + victim.id() + " was paused",
          held.resource())) {
        run.fault("SIGSTOP " + victim.id() + ": a successor wrote while it was stopped");
      }
    } finally {
      victim.resume();
    }
    ChaosRun.Mark released = run.mark();
    victim.releaseWrites();
    run.awaitStaleWrite(victim, held, released);
    run.awaitRecovery(run.mark(), "SIGCONT of " + victim.id());
  }
}
