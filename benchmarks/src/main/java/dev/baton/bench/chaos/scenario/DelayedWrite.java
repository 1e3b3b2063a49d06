// SPDX-License-Identifier: Apache-2.0
package dev.baton.bench.chaos.scenario;

import dev.baton.bench.chaos.ChaosClient;
import dev.baton.bench.chaos.ChaosProtocol.Backend;
import dev.baton.bench.chaos.ChaosRun;

/**
 * 8. An in-flight write delayed past the takeover: the owner decides a write with its token and
 * holds it ({@code HOLD}, as a process stalled between deciding a write and sending it), its
 * traffic to its coordination store (ZooKeeper, or on the lease backend its lease link) is
 * blackholed until a successor takes over and writes, then the network heals and the held write is
 * sent: it must reach the fence and be REJECTED. Applies to every fence. The fault counts once the
 * successor wrote while the write was held (and, on the lease, the owner's term was seen to end
 * before the successor's began, {@link ChaosRun#termEndedBeforeSuccessor}); no successor is a
 * violation.
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
    return "owner's write held while it is cut off and a successor writes, then sent";
  }

  @Override
  public void inject(ChaosRun run) {
    ChaosClient victim = run.owner();
    ChaosClient.HeldWrite held = victim.holdWrites(run.options().recoveryBound());
    ChaosRun.Mark before = run.mark();
    victim.blackholeStore();
    try {
      if (run.awaitSuccessor(
              victim,
              before,
              run.options().recoveryBound(),
              "while " + victim.id() + " was cut off with a held write",
              held.resource())
          && (victim.backend() == Backend.ZK
              || run.termEndedBeforeSuccessor(victim, held.token(), before))) {
        run.fault(
            "write of "
                + victim.id()
                + " (token "
                + held.token()
                + ") held while a successor wrote");
      }
    } finally {
      victim.healStore();
    }
    ChaosRun.Mark released = run.mark();
    victim.releaseWrites();
    run.awaitStaleWrite(victim, held, released);
    run.awaitRecovery(run.mark(), "delivering " + victim.id() + "'s held write");
  }
}
