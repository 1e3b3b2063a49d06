// SPDX-License-Identifier: Apache-2.0
package dev.baton.bench.chaos.scenario;

import dev.baton.bench.chaos.ChaosClient;
import dev.baton.bench.chaos.ChaosProtocol.FenceKind;
import dev.baton.bench.chaos.ChaosProtocol.Role;
import dev.baton.bench.chaos.ChaosRun;
import dev.baton.bench.chaos.Waits;
import java.util.Optional;

/**
 * 8. An in-flight write delayed past the takeover: the owner's database traffic is held in its
 * proxy (its next write goes out and waits there), the owner is cut off ZooKeeper until a successor
 * takes over and writes, then the held bytes are delivered: the old write must be rejected, or have
 * been ordered before (if the hold caught it inside its transaction, the successor waits for its
 * row lock).
 */
public final class DelayedWrite implements ChaosScenario {
  @Override
  public int number() {
    return 8;
  }

  @Override
  public String name() {
    return "delayed-write";
  }

  @Override
  public String description() {
    return "owner's database traffic held while it is cut off and a successor writes, then delivered";
  }

  @Override
  public Optional<String> notApplicable(Role role, FenceKind fence) {
    return fence == FenceKind.SQL
        ? Optional.empty()
        : Optional.of("the database proxy only sits in front of a SQL fence");
  }

  @Override
  public void inject(ChaosRun run) {
    ChaosClient victim = run.owner();
    ChaosRun.Mark before = run.mark();
    run.fault("hold database traffic and blackhole ZooKeeper of " + victim.id());
    victim.holdDatabase();
    victim.blackholeZooKeeper();
    try {
      boolean successor =
          Waits.until(() -> run.successorWrote(victim, before), run.options().recoveryBound());
      if (!successor) {
        run.note(
            "delayed-write: a successor's write waited for the held transaction (ordered after it)");
      }
    } finally {
      victim.healDatabase();
      victim.healZooKeeper();
    }
    run.awaitRecovery(run.mark(), "delivering " + victim.id() + "'s held write");
  }
}
