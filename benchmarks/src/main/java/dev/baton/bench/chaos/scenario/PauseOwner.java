// SPDX-License-Identifier: Apache-2.0
package dev.baton.bench.chaos.scenario;

import dev.baton.bench.chaos.ChaosClient;
import dev.baton.bench.chaos.ChaosRun;

/**
 * 1. The owner's process paused (SIGSTOP) beyond its session timeout while a successor takes over
 * and writes, then resumed (SIGCONT): it wakes believing it still owns, and whatever it writes must
 * be rejected.
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
    ChaosRun.Mark before = run.mark();
    run.fault("SIGSTOP " + victim.id());
    victim.pause();
    try {
      run.awaitSuccessor(
          victim, before, run.options().recoveryBound(), "while " + victim.id() + " was paused");
    } finally {
      victim.resume();
    }
    run.awaitRecovery(run.mark(), "SIGCONT of " + victim.id());
  }
}
