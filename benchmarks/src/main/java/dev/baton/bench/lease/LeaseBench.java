// SPDX-License-Identifier: Apache-2.0
package dev.baton.bench.lease;

import dev.baton.bench.BenchmarkFailure;
import dev.baton.bench.Cli;
import dev.baton.bench.Interleaving;
import dev.baton.bench.Scenario;
import dev.baton.testkit.PostgresFixture;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ThreadLocalRandom;
import picocli.CommandLine.Command;

/**
 * {@code lease}: Baton's lease election on PostgreSQL against ShedLock ({@link ShedLockLease}) and
 * Spring Integration's JDBC lock registry ({@link SpringJdbcLease}): graceful handover, crash
 * failover, a stale holder's write after a pause, idle statements, systems in rotating order
 * ({@link Interleaving}); one RESULT line per system. Method: docs/benchmarks.md, "Lease".
 */
@Command(
    name = LeaseBench.NAME,
    description =
        "lease election on PostgreSQL: Baton vs ShedLock vs Spring Integration JDBC: handover,"
            + " crash failover, idle statements, stale writes (~6 min)")
public final class LeaseBench implements Scenario {
  static final String NAME = "lease";

  @Override
  public void run(List<String> args) throws Exception {
    LeaseOptions o = LeaseOptions.parse(args).orElse(null);
    if (o == null) {
      return; // --help
    }
    String url = PostgresFixture.url().trim();
    String runId = Long.toString(ThreadLocalRandom.current().nextLong(1L << 40, 1L << 41), 36);
    LeaseSetup setup = new LeaseSetup(url, runId, o.leaseMs, o.pollMs);
    checkReachable(setup);
    progress(
        "PostgreSQL %s; run %s; lease %d ms, poll %d ms; %d+%d handovers, %d crashes, %d pauses"
            + " (%d ms), %d s idle with %d candidates; systems %s",
        url.replaceAll("password=[^&]*", "password=***"),
        runId,
        o.leaseMs,
        o.pollMs,
        o.rounds.warmup(),
        o.rounds.handovers(),
        o.crashes,
        o.pauses,
        o.pauseMs(),
        o.idleSeconds,
        o.idleCandidates,
        o.systems.stream().map(LeaseSystem::key).toList());
    long start = System.nanoTime();
    Map<LeaseSystem, SystemResult> results = new EnumMap<>(LeaseSystem.class);
    try {
      for (LeaseSystem s : o.systems) {
        setup.createTables(s);
        results.put(s, new SystemResult(s));
      }
      handovers(o, setup, results);
      crashes(o, setup, results);
      pauses(o, setup, results);
      IdlePhase idle = new IdlePhase(o, setup);
      for (LeaseSystem s : Interleaving.order(o.systems, 0)) {
        IdlePhase.Idle measured = idle.run(s);
        results.get(s).idle(measured);
        progress(
            "%s idle: %.2f statements/s per candidate (leader %.2f, follower %.2f)",
            s.key(),
            measured.statementsPerS(),
            measured.leaderStatementsPerS(),
            measured.followerStatementsPerS());
      }
    } finally {
      for (LeaseSystem s : o.systems) {
        setup.dropTables(s);
      }
    }
    for (LeaseSystem s : o.systems) {
      System.out.println(results.get(s).line(o, setup));
    }
    System.out.flush();
    progress("done in %.0f s", (System.nanoTime() - start) / 1e9);
  }

  private static void handovers(LeaseOptions o, LeaseSetup setup, Map<LeaseSystem, SystemResult> r)
      throws Exception {
    try (HandoverPhase phase = new HandoverPhase(o, setup)) {
      for (LeaseSystem s : o.systems) {
        phase.begin(s);
      }
      List<String> line = new ArrayList<>();
      o.rounds.run(
          o.systems,
          (s, record) -> {
            HandoverPhase.Handover h = phase.round(s);
            if (record) {
              r.get(s).handover(h.millis(), h.statements());
            }
            line.add(String.format(Locale.ROOT, "%s %.1f ms", s.key(), h.millis()));
          },
          1,
          (done, total, seconds) -> {
            String warmUp = done <= o.rounds.warmup() ? " (warm-up)" : "";
            progress("handover %d%s: %s", done, warmUp, String.join(", ", line));
            line.clear();
          });
    }
  }

  private static void crashes(LeaseOptions o, LeaseSetup setup, Map<LeaseSystem, SystemResult> r)
      throws InterruptedException {
    CrashPhase phase = new CrashPhase(o, setup);
    for (int round = 0; round < o.crashes; round++) {
      List<String> line = new ArrayList<>();
      for (LeaseSystem s : Interleaving.order(o.systems, round)) {
        double ms = phase.round(s, round);
        r.get(s).crash(ms, s.crashBoundMs(setup));
        line.add(String.format(Locale.ROOT, "%s %.1f ms", s.key(), ms));
      }
      progress("crash %d: %s", round + 1, String.join(", ", line));
    }
  }

  private static void pauses(LeaseOptions o, LeaseSetup setup, Map<LeaseSystem, SystemResult> r)
      throws InterruptedException, SQLException {
    StalePhase phase = new StalePhase(o, setup);
    for (int round = 0; round < o.pauses; round++) {
      List<String> line = new ArrayList<>();
      for (LeaseSystem s : Interleaving.order(o.systems, round)) {
        StalePhase.Stale stale = phase.round(s, round);
        r.get(s).stale(stale);
        line.add(
            s.key()
                + (stale.accepted() ? " accepted" : " rejected")
                + (stale.pausesInTransaction() == 0
                    ? ""
                    : " (" + stale.pausesInTransaction() + " pauses in a transaction first)"));
      }
      progress("pause %d, the stale holder's write: %s", round + 1, String.join(", ", line));
    }
  }

  private static void checkReachable(LeaseSetup setup) {
    try (Connection c = setup.plainDataSource().getConnection()) {
      if (!c.getMetaData().getDatabaseProductName().equals("PostgreSQL")) {
        throw new BenchmarkFailure("BATON_PG_URL does not name a PostgreSQL database");
      }
    } catch (SQLException e) {
      throw new BenchmarkFailure(
          "cannot reach PostgreSQL ("
              + e.getMessage()
              + "); run test-support/postgres-up (as root) or set BATON_PG_URL");
    }
  }

  static void progress(String format, Object... args) {
    Cli.progress(NAME, format, args);
  }
}
