// SPDX-License-Identifier: Apache-2.0
package dev.baton.bench.lease;

import dev.baton.bench.Settings;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * The settings of {@code benchmarks/run lease}.
 *
 * @param leaseMs the lease of all three systems: Baton's lease duration, ShedLock's {@code
 *     lockAtMostFor}, Spring's time to live
 * @param pollMs how often a follower of each system tries to take the lease
 * @param handovers measured graceful handovers per system
 * @param warmup unmeasured graceful handovers per system before them
 * @param crashes measured crash failovers per system
 * @param pauses pause tests (stale writes) per system
 * @param idleSeconds how long the idle candidates are counted
 * @param idleCandidates how many candidates are idle at once (one leads)
 * @param systems the systems, in their base order
 */
record LeaseOptions(
    long leaseMs,
    long pollMs,
    int handovers,
    int warmup,
    int crashes,
    int pauses,
    int idleSeconds,
    int idleCandidates,
    List<LeaseSystem> systems) {
  private static final Set<String> KEYS =
      Set.of(
          "lease-ms",
          "poll-ms",
          "handovers",
          "warmup",
          "crashes",
          "pauses",
          "idle-seconds",
          "idle-candidates",
          "systems");

  /**
   * Parses {@code --key=value} arguments.
   *
   * @throws IllegalArgumentException for an unknown key, a bad value or an invalid relation
   */
  static LeaseOptions parse(List<String> args) {
    Settings s = Settings.parse(args, KEYS);
    List<LeaseSystem> systems = new ArrayList<>();
    for (String key : s.string("systems", "baton,shedlock,spring-jdbc").split(",")) {
      LeaseSystem system = LeaseSystem.parse(key.trim().toLowerCase(Locale.ROOT));
      if (systems.contains(system)) {
        throw new IllegalArgumentException("systems names " + key + " twice");
      }
      systems.add(system);
    }
    LeaseOptions o =
        new LeaseOptions(
            s.integer("lease-ms", 3000),
            s.integer("poll-ms", 500),
            s.integer("handovers", 20),
            s.integer("warmup", 2),
            s.integer("crashes", 5),
            s.integer("pauses", 3),
            s.integer("idle-seconds", 10),
            s.integer("idle-candidates", 3),
            List.copyOf(systems));
    o.validate();
    return o;
  }

  private void validate() {
    if (leaseMs < 500) {
      throw new IllegalArgumentException("lease-ms must be at least 500, was " + leaseMs);
    }
    if (pollMs < 10 || pollMs * 2 > leaseMs) {
      throw new IllegalArgumentException(
          "poll-ms must be at least 10 and at most half of lease-ms, was " + pollMs);
    }
    if (handovers < 1 || crashes < 1 || pauses < 1 || idleSeconds < 1 || warmup < 0) {
      throw new IllegalArgumentException(
          "handovers, crashes, pauses and idle-seconds must be at least 1, warmup at least 0");
    }
    if (idleCandidates < 2) {
      throw new IllegalArgumentException(
          "idle-candidates must be at least 2 (a leader, a follower)");
    }
    if (systems.isEmpty()) {
      throw new IllegalArgumentException("systems is empty");
    }
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
