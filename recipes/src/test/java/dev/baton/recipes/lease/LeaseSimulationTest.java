// SPDX-License-Identifier: Apache-2.0
package dev.baton.recipes.lease;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.PriorityQueue;
import java.util.SplittableRandom;
import java.util.function.LongFunction;
import java.util.function.LongSupplier;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.LongRange;
import org.junit.jupiter.api.Test;

/**
 * {@link LeaseMachine}s of several candidates against a simulated lease row, on a virtual clock,
 * with statements delayed, lost and answered late, and processes paused: at no instant do two
 * candidates hold a term whose local deadline has not passed. The row follows {@link
 * JdbcLeaseStore}'s contract and its clock runs at {@code dbRate} times the hosts' (1: the same
 * rate): a database clock running faster than the safety margin allows breaks the guarantee, which
 * is the negative control that shows the check can fail.
 */
class LeaseSimulationTest {
  private static final long MS = 1_000_000L;
  private static final LeaseConfig CONFIG =
      LeaseConfig.builder()
          .leaseDuration(Duration.ofMillis(1000))
          .safetyMargin(Duration.ofMillis(100))
          .renewInterval(Duration.ofMillis(250))
          .renewTimeout(Duration.ofMillis(300))
          .pollInterval(Duration.ofMillis(150))
          .build();

  @Property(tries = 200)
  void noTwoCandidatesHoldUnexpiredTermsAtOnce(@ForAll @LongRange(min = 1) long seed) {
    Sim sim = new Sim(seed, 1.0);
    sim.run(60_000 * MS);
    assertThat(sim.violations).isEmpty();
    assertThat(sim.terms).isGreaterThan(3); // the run did hand over, more than once
  }

  @Test
  void negativeControlADatabaseClockTooFastForTheMarginGivesTwoHolders() {
    int found = 0;
    for (long seed = 1; seed <= 20; seed++) {
      Sim sim = new Sim(seed, 1.3); // 30 % fast: far beyond a 10 % margin
      sim.run(60_000 * MS);
      found += sim.violations.isEmpty() ? 0 : 1;
    }
    assertThat(found).isPositive();
  }

  /** The candidates, the row and the event queue of one run. */
  private static final class Sim {
    private record Ev(long at, long seq, int who, Runnable task) {}

    private static final int DATABASE = -1;
    private final SplittableRandom random;
    private final double dbRate;
    private final int n = 4;
    private final LeaseMachine[] machines = new LeaseMachine[n];
    private final long[] pausedUntil = new long[n];
    // each candidate's term as its runner sees it, from the machine's Begin, Extend and End
    private final long[] termToken = new long[n];
    private final long[] termDeadline = new long[n];
    private final PriorityQueue<Ev> queue =
        new PriorityQueue<>(
            (a, b) -> a.at != b.at ? Long.compare(a.at, b.at) : Long.compare(a.seq, b.seq));
    private final List<String> violations = new ArrayList<>();
    private long seq;
    private long now;
    private int terms;
    private int holder = -1; // the row
    private long token;
    private long expires; // by the database's clock

    Sim(long seed, double dbRate) {
      this.random = new SplittableRandom(seed);
      this.dbRate = dbRate;
      for (int i = 0; i < n; i++) {
        machines[i] = new LeaseMachine(CONFIG, random.split());
        int who = i;
        at(random.nextLong(0, 100 * MS), who, () -> feed(who, new LeaseEvent.Start()));
      }
    }

    void run(long until) {
      while (!queue.isEmpty() && queue.peek().at <= until) {
        Ev e = queue.poll();
        now = e.at;
        if (e.who != DATABASE && now < pausedUntil[e.who]) {
          queue.add(new Ev(pausedUntil[e.who], seq++, e.who, e.task)); // handled on waking
          continue;
        }
        e.task.run();
        check();
      }
    }

    private void feed(int who, LeaseEvent event) {
      if (random.nextInt(300) == 0) { // a pause (GC, SIGSTOP) of up to three leases, after this
        pausedUntil[who] = now + random.nextLong(1, 3000 * MS);
      }
      for (LeaseAction a : machines[who].on(event)) {
        apply(who, a);
      }
    }

    private long dbNow() {
      return (long) (now * dbRate);
    }

    private void apply(int who, LeaseAction a) {
      long lease = CONFIG.leaseDuration().toNanos();
      if (a instanceof LeaseAction.Wait w) {
        at(w.delayNanos(), who, () -> feed(who, new LeaseEvent.Tick(w.generation(), now)));
      } else if (a instanceof LeaseAction.Begin b) {
        terms++;
        termToken[who] = b.token();
        termDeadline[who] = b.deadline();
      } else if (a instanceof LeaseAction.Extend x) {
        if (termToken[who] == x.token()) {
          termDeadline[who] = x.deadline();
        }
      } else if (a instanceof LeaseAction.End e) {
        if (termToken[who] == e.token()) {
          termToken[who] = 0;
        }
      } else if (a instanceof LeaseAction.Acquire) {
        long sent = now;
        statement(
            who,
            () -> {
              if (holder != -1 && expires > dbNow() && holder != who) {
                return 0L;
              }
              token++; // drawn from the table's sequence: never kept
              holder = who;
              expires = dbNow() + lease;
              return token;
            },
            r -> r == 0 ? new LeaseEvent.Refused() : new LeaseEvent.Acquired(r, sent, now),
            new LeaseEvent.AcquireFailed());
      } else if (a instanceof LeaseAction.Renew r) {
        long sent = now;
        statement(
            who,
            () -> {
              if (holder == who && token == r.token() && expires > dbNow()) {
                expires = dbNow() + lease;
                return 1L;
              }
              return 0L;
            },
            ok ->
                ok == 1
                    ? new LeaseEvent.Renewed(r.token(), sent, now)
                    : new LeaseEvent.RenewRefused(r.token()),
            new LeaseEvent.RenewFailed(r.token()));
      } else if (a instanceof LeaseAction.Release r) {
        statement(
            who,
            () -> {
              if (holder == who && token == r.token()) {
                holder = -1;
                expires = dbNow();
              }
              return 0L;
            },
            x -> null,
            null);
      }
    }

    /**
     * A statement sent now: it reaches the row after a delay, or is lost; its answer comes back
     * after another delay, or is lost, and then the sender reports a failure at its timeout.
     */
    private void statement(
        int who, LongSupplier atRow, LongFunction<LeaseEvent> answer, LeaseEvent failure) {
      long timeout = CONFIG.renewTimeout().toNanos();
      boolean lost = random.nextInt(20) == 0;
      boolean answerLost = random.nextInt(20) == 0;
      long back = random.nextLong(0, 80 * MS);
      if (!lost) {
        at(
            random.nextLong(0, 80 * MS),
            DATABASE,
            () -> {
              long result = atRow.getAsLong();
              LeaseEvent reply = answer.apply(result);
              if (!answerLost && reply != null) {
                at(back, who, () -> feed(who, answer.apply(result)));
              }
            });
      }
      if ((lost || answerLost) && failure != null) {
        at(timeout, who, () -> feed(who, failure));
      }
    }

    private void at(long delay, int who, Runnable task) {
      queue.add(new Ev(now + delay, seq++, who, task));
    }

    private void check() {
      int active = 0;
      for (int i = 0; i < n; i++) {
        if (termToken[i] != 0 && now - termDeadline[i] < 0) {
          active++;
        }
      }
      if (active > 1) {
        violations.add(active + " candidates hold unexpired terms at " + now / MS + " ms");
      }
    }
  }
}
