// SPDX-License-Identifier: Apache-2.0
package dev.baton.bench.chaos.scenario;

import dev.baton.bench.chaos.ChaosClient;
import dev.baton.bench.chaos.ChaosProtocol.Backend;
import dev.baton.bench.chaos.ChaosRun;
import dev.baton.bench.chaos.Waits;
import java.time.Duration;
import java.util.OptionalLong;
import java.util.function.Consumer;
import java.util.function.Function;

/** The faults that hit the owner alone: scenarios 1, 2, 7 and 8, on either backend. */
final class OwnerFaults {
  static final int CUTS = 5;

  private OwnerFaults() {}

  /** 1. Pause: docs/testing.md, "Scenarios". */
  static void pause(ChaosRun run) {
    staleHeldWrite(
        run,
        ChaosClient::pause,
        ChaosClient::resume,
        "was paused",
        "SIGCONT of",
        (victim, token, before) -> true,
        victim -> "SIGSTOP " + victim.id() + ": a successor wrote while it was stopped");
  }

  /** 8. Delayed write: docs/testing.md, "Scenarios"; on the lease the term must end first. */
  static void delayedWrite(ChaosRun run) {
    staleHeldWrite(
        run,
        ChaosClient::blackholeStore,
        ChaosClient::healStore,
        "was cut off with a held write",
        "delivering the held write of",
        (victim, token, before) ->
            victim.backend() == Backend.ZK || run.termEndedBeforeSuccessor(victim, token, before),
        victim -> "write of " + victim.id() + " held while a successor wrote");
  }

  /** Whether the fault had its effect, beyond a successor's write after {@code before}. */
  private interface Observed {
    boolean test(ChaosClient victim, long heldToken, ChaosRun.Mark before);
  }

  /**
   * The owner holds a decided write, {@code fault} hits it until a successor wrote (and {@code
   * observed}), {@code heal} ends it; the released write must be REJECTED, then the service
   * recover.
   */
  private static void staleHeldWrite(
      ChaosRun run,
      Consumer<ChaosClient> fault,
      Consumer<ChaosClient> heal,
      String during,
      String recoveredAfter,
      Observed observed,
      Function<ChaosClient, String> what) {
    ChaosClient victim = run.owner();
    ChaosClient.HeldWrite held = victim.holdWrites(run.options().recoveryBound());
    ChaosRun.Mark before = run.mark();
    fault.accept(victim);
    try {
      if (run.awaitSuccessor(victim, before, "while " + victim.id() + " " + during, held.resource())
          && observed.test(victim, held.token(), before)) {
        run.fault(what.apply(victim) + " (token " + held.token() + ")");
      }
    } finally {
      heal.accept(victim);
    }
    ChaosRun.Mark released = run.mark();
    victim.releaseWrites();
    run.awaitStaleWrite(victim, held, released);
    run.awaitRecovery(run.mark(), recoveredAfter + " " + victim.id());
  }

  /** 2. Partition: docs/testing.md, "Scenarios"; on the lease the term must end first. */
  static void partition(ChaosRun run) {
    ChaosClient victim = run.owner();
    OptionalLong term = victim.currentTerm();
    ChaosRun.Mark before = run.mark();
    victim.blackholeStore();
    try {
      if (run.awaitSuccessor(victim, before, "while " + victim.id() + " was cut off", null)) {
        if (victim.backend() == Backend.ZK) {
          run.fault("blackhole of " + victim.id() + "'s ZooKeeper traffic: a successor wrote");
        } else if (term.isPresent()
            && run.termEndedBeforeSuccessor(victim, term.getAsLong(), before)) {
          run.fault(
              "blackhole of %s's lease link: its term (token %d) ended by its own clock and a"
                      .formatted(victim.id(), term.getAsLong())
                  + " successor wrote");
        } else if (term.isEmpty()) {
          run.faultNotObserved("partition: " + victim.id() + " had no term when it was cut off");
        }
      }
      // the fault's deliberate extra length: the old owner runs on, cut off, next to its successor
      Waits.faultDuration(Duration.ofMillis(run.options().sessionMs() / 2));
    } finally {
      victim.healStore();
    }
    run.awaitRecovery(run.mark(), "healing " + victim.id() + "'s network");
  }

  /** 7. Flapping, {@value #CUTS} cuts: docs/testing.md, "Scenarios". */
  static void flapping(ChaosRun run) {
    Duration cut = Duration.ofMillis(run.options().sessionMs() / 5);
    for (int i = 1; i <= CUTS; i++) {
      ChaosClient victim = run.owner();
      // In a soak an earlier fault may have left the owner disconnected: a cut then drops
      // nothing, and the cut would not be observed. Cut a connected owner.
      Waits.until(() -> run.connected(victim), run.options().recoveryBound());
      ChaosRun.Mark cutAt = run.mark();
      victim.cutStore();
      boolean dropped;
      try {
        Waits.faultDuration(cut); // the cut's deliberate length, inside the session
        dropped = Waits.until(() -> run.dropped(victim, cutAt), run.options().session());
      } finally {
        victim.healStore();
      }
      ChaosRun.Mark healed = run.mark();
      boolean back =
          Waits.until(
              () -> run.reportedConnection(victim, healed, "RECONNECTED", "CONNECTED"),
              run.options().recoveryBound());
      if (dropped && back) {
        run.fault("cut " + i + " of " + victim.id() + ": its connection dropped and came back");
      } else {
        run.faultNotObserved(
            "flapping cut %d of %s%s%s"
                .formatted(
                    i,
                    victim.id(),
                    dropped ? "" : ": no dropped connection reported",
                    back ? "" : ": no reconnection reported after the heal"));
      }
      if (!Waits.until(() -> run.believedOwners() <= 1, run.options().session())) {
        run.violation(
            "%d clients believe they own after reconnect %d %s"
                .formatted(run.believedOwners(), i, run.clientDiagnostics()));
      }
      run.awaitRecovery(healed, "cut " + i);
    }
  }
}
