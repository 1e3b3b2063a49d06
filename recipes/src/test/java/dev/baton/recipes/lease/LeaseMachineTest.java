// SPDX-License-Identifier: Apache-2.0
package dev.baton.recipes.lease;

import static org.assertj.core.api.Assertions.assertThat;

import dev.baton.recipes.RevocationReason;
import dev.baton.recipes.lease.LeaseAction.Acquire;
import dev.baton.recipes.lease.LeaseAction.Begin;
import dev.baton.recipes.lease.LeaseAction.End;
import dev.baton.recipes.lease.LeaseAction.Extend;
import dev.baton.recipes.lease.LeaseAction.Release;
import dev.baton.recipes.lease.LeaseAction.Renew;
import dev.baton.recipes.lease.LeaseAction.Wait;
import java.time.Duration;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class LeaseMachineTest {
  private static final long MS = 1_000_000L;
  // lease 1000 ms, margin 100 ms, renew every 300 ms, poll every 200 ms without jitter
  private static final LeaseConfig CONFIG =
      LeaseConfig.builder()
          .leaseDuration(Duration.ofMillis(1000))
          .safetyMargin(Duration.ofMillis(100))
          .renewInterval(Duration.ofMillis(300))
          .renewTimeout(Duration.ofMillis(300))
          .pollInterval(Duration.ofMillis(200))
          .pollJitter(0)
          .build();

  private final LeaseMachine machine = new LeaseMachine(CONFIG, new SplittableRandom(1));

  @Test
  void startAcquiresAndARefusalPollsAgain() {
    assertThat(machine.on(new LeaseEvent.Start())).containsExactly(new Acquire());
    assertThat(machine.on(new LeaseEvent.Refused())).containsExactly(new Wait(1, 200 * MS));
    assertThat(machine.on(new LeaseEvent.Tick(1, 200 * MS))).containsExactly(new Acquire());
    assertThat(machine.on(new LeaseEvent.AcquireFailed())).containsExactly(new Wait(2, 200 * MS));
  }

  @Test
  void theDeadlineCountsFromWhenTheGrantWasSentNotAnswered() {
    machine.on(new LeaseEvent.Start());
    // sent at 10 ms, answered at 500 ms: the deadline is 10 + 1000 - 100 ms, and the renewal due
    // 300 ms after the send is overdue: at once
    assertThat(machine.on(new LeaseEvent.Acquired(7, 10 * MS, 500 * MS)))
        .containsExactly(new Begin(7, 910 * MS), new Wait(1, 0));
    assertThat(machine.on(new LeaseEvent.Tick(1, 500 * MS))).containsExactly(new Renew(7));
    // the next renewal counts from this one's send too: 800 + 300 ms, so 250 ms after the answer
    assertThat(machine.on(new LeaseEvent.Renewed(7, 800 * MS, 850 * MS)))
        .containsExactly(new Extend(7, 1700 * MS), new Wait(2, 250 * MS));
  }

  @Test
  void aGrantAnsweredAfterItsDeadlineBeginsNothingAndIsGivenBack() {
    machine.on(new LeaseEvent.Start());
    assertThat(machine.on(new LeaseEvent.Acquired(3, 0, 900 * MS)))
        .containsExactly(new Release(3), new Wait(1, 200 * MS));
    // the next acquisition gets a new token from the store
    assertThat(machine.on(new LeaseEvent.Tick(1, 1100 * MS))).containsExactly(new Acquire());
  }

  @Test
  void aRenewalConfirmedAfterTheDeadlineEndsTheTerm() {
    lead(5);
    assertThat(machine.on(new LeaseEvent.Renewed(5, 300 * MS, 950 * MS)))
        .containsExactly(
            new End(5, RevocationReason.LEASE_EXPIRED), new Release(5), new Wait(2, 200 * MS));
  }

  @Test
  void aTickPastTheDeadlineEndsTheTermInsteadOfRenewing() {
    lead(5);
    assertThat(machine.on(new LeaseEvent.Tick(1, 900 * MS)))
        .containsExactly(
            new End(5, RevocationReason.LEASE_EXPIRED), new Release(5), new Wait(2, 200 * MS));
  }

  @Test
  void aRefusedRenewalEndsTheTermWithoutARelease() {
    lead(5);
    machine.on(new LeaseEvent.Tick(1, 300 * MS));
    assertThat(machine.on(new LeaseEvent.RenewRefused(5)))
        .containsExactly(new End(5, RevocationReason.LEASE_LOST), new Wait(2, 200 * MS));
    assertThat(machine.on(new LeaseEvent.Tick(2, 500 * MS))).containsExactly(new Acquire());
  }

  @Test
  void aFailedRenewalEndsTheTermAtOnce() {
    lead(5);
    machine.on(new LeaseEvent.Tick(1, 300 * MS));
    assertThat(machine.on(new LeaseEvent.RenewFailed(5)))
        .containsExactly(
            new End(5, RevocationReason.RENEWAL_FAILED), new Release(5), new Wait(2, 200 * MS));
  }

  @Test
  void aTermEndedOutsideIsReleasedAndItsTimerForgotten() {
    lead(5);
    assertThat(machine.on(new LeaseEvent.Ended(5)))
        .containsExactly(new Release(5), new Wait(2, 200 * MS));
    assertThat(machine.on(new LeaseEvent.Tick(1, 300 * MS))).isEmpty(); // the renew timer
    assertThat(machine.on(new LeaseEvent.Ended(5))).isEmpty(); // once only
    assertThat(machine.on(new LeaseEvent.Tick(2, 500 * MS))).containsExactly(new Acquire());
  }

  @Test
  void answersAboutAnotherTermAreIgnored() {
    lead(5);
    assertThat(machine.on(new LeaseEvent.RenewRefused(4))).isEmpty();
    assertThat(machine.on(new LeaseEvent.RenewFailed(4))).isEmpty();
    assertThat(machine.on(new LeaseEvent.Renewed(4, 0, 1))).isEmpty();
    assertThat(machine.on(new LeaseEvent.Ended(4))).isEmpty();
    assertThat(machine.on(new LeaseEvent.Tick(1, 300 * MS))).containsExactly(new Renew(5));
  }

  @Test
  void aWakeUpAcquiresAtOnceOnlyForAFollower() {
    machine.on(new LeaseEvent.Start());
    machine.on(new LeaseEvent.Refused());
    assertThat(machine.on(new LeaseEvent.Wake())).containsExactly(new Acquire());
    machine.on(new LeaseEvent.Acquired(2, 0, 1));
    assertThat(machine.on(new LeaseEvent.Wake())).isEmpty();
    assertThat(machine.on(new LeaseEvent.Tick(1, 5))).isEmpty(); // the poll before the wake-up
  }

  @Test
  void closeEndsAndReleasesTheTermThenIgnoresEverything() {
    lead(5);
    assertThat(machine.on(new LeaseEvent.Close()))
        .containsExactly(new End(5, RevocationReason.CLOSED), new Release(5));
    assertThat(machine.on(new LeaseEvent.Tick(1, 300 * MS))).isEmpty();
    assertThat(machine.on(new LeaseEvent.Wake())).isEmpty();
    assertThat(machine.on(new LeaseEvent.Acquired(6, 0, 1))).isEmpty();
  }

  @Test
  void pollJitterAddsAtMostItsFractionOfTheInterval() {
    LeaseConfig jittered = LeaseConfig.builder().pollInterval(Duration.ofMillis(1000)).build();
    LeaseMachine m = new LeaseMachine(jittered, new SplittableRandom(7));
    m.on(new LeaseEvent.Start());
    for (int i = 0; i < 200; i++) {
      List<LeaseAction> a = m.on(new LeaseEvent.Refused());
      long delay = ((Wait) a.get(0)).delayNanos();
      assertThat(delay).isBetween(1000 * MS, 1250 * MS);
    }
  }

  private void lead(long token) {
    machine.on(new LeaseEvent.Start());
    assertThat(machine.on(new LeaseEvent.Acquired(token, 0, 0)))
        .containsExactly(new Begin(token, 900 * MS), new Wait(1, 300 * MS));
  }
}
