// SPDX-License-Identifier: Apache-2.0
package dev.baton.bench.lease;

import dev.baton.bench.Cli;
import dev.baton.bench.Handovers;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * The options of {@code benchmarks/run lease}; {@code leaseMs} and {@code pollMs} are common to the
 * three systems. Meanings: docs/benchmarks.md, "Lease".
 */
final class LeaseOptions {
  @Option(names = "--lease-ms", defaultValue = "3000")
  long leaseMs;

  @Option(names = "--poll-ms", defaultValue = "500")
  long pollMs;

  @Option(names = "--crashes", defaultValue = "5")
  int crashes;

  @Option(names = "--pauses", defaultValue = "3")
  int pauses;

  @Option(names = "--idle-seconds", defaultValue = "10")
  int idleSeconds;

  @Option(names = "--idle-candidates", defaultValue = "3")
  int idleCandidates;

  @Option(names = "--systems", split = ",", defaultValue = "baton,shedlock,spring-jdbc")
  List<String> systemNames;

  @Mixin Handovers rounds = new Handovers(2, 20);

  List<LeaseSystem> systems;

  /**
   * Parses {@code --key=value} arguments; empty if {@code --help} was asked for.
   *
   * @throws IllegalArgumentException for an unknown key, a bad value or an invalid relation
   */
  static Optional<LeaseOptions> parse(List<String> args) {
    LeaseOptions o = new LeaseOptions();
    if (!Cli.parse(o, args)) {
      return Optional.empty();
    }
    List<LeaseSystem> systems = new ArrayList<>();
    for (String key : o.systemNames) {
      LeaseSystem system = LeaseSystem.parse(key.trim().toLowerCase(Locale.ROOT));
      Cli.check(!systems.contains(system), "systems names " + key + " twice");
      systems.add(system);
    }
    o.systems = List.copyOf(systems);
    Cli.check(o.leaseMs >= 500, "lease-ms must be at least 500, was " + o.leaseMs);
    Cli.check(
        o.pollMs >= 10 && o.pollMs * 2 <= o.leaseMs,
        "poll-ms must be at least 10 and at most half of lease-ms, was " + o.pollMs);
    Cli.check(
        o.crashes >= 1 && o.pauses >= 1 && o.idleSeconds >= 1,
        "crashes, pauses and idle-seconds must be at least 1");
    o.rounds.check();
    Cli.check(o.idleCandidates >= 2, "idle-candidates must be at least 2 (a leader, a follower)");
    Cli.check(!o.systems.isEmpty(), "systems is empty");
    return Optional.of(o);
  }

  /** How long a paused holder stays stopped: past its lease, plus two polls and 500 ms. */
  long pauseMs() {
    return leaseMs + 2 * pollMs + 500;
  }

  /**
   * How long to wait for a leader before the run fails: far past every system's lease plus poll.
   */
  long patienceMs() {
    return 3 * leaseMs + 10 * pollMs + 10_000;
  }
}
