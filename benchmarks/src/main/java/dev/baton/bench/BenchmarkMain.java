// SPDX-License-Identifier: Apache-2.0
package dev.baton.bench;

import dev.baton.bench.election.ElectionHandover;
import dev.baton.bench.fence.FenceOverhead;
import dev.baton.bench.lock.LockThroughput;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Entry point of {@code benchmarks/run}: {@code BenchmarkMain <scenario> [args...]}.
 *
 * <p>Exit status: 0 on success, 1 if the scenario failed (a sanity check or an error), 2 for an
 * unknown scenario or invalid arguments.
 */
public final class BenchmarkMain {
  /** Scenario name to class. Adding a scenario is one line here. */
  private static final Map<String, Class<? extends Scenario>> SCENARIOS = new LinkedHashMap<>();

  static {
    SCENARIOS.put("election-handover", ElectionHandover.class);
    SCENARIOS.put("fence-overhead", FenceOverhead.class);
    SCENARIOS.put("lock", LockThroughput.class);
    SCENARIOS.put("chaos", dev.baton.bench.chaos.ChaosBenchmark.class);
    SCENARIOS.put("chaos-profile", dev.baton.bench.chaos.profile.ChaosProfile.class);
    SCENARIOS.put("history-check", dev.baton.bench.history.check.HistoryCheck.class);
    SCENARIOS.put("election-scale", dev.baton.bench.scale.ElectionScale.class);
    SCENARIOS.put("lease", dev.baton.bench.lease.LeaseBench.class);
  }

  private BenchmarkMain() {}

  public static void main(String[] args) {
    System.exit(run(args));
  }

  static int run(String[] args) {
    if (args.length == 0) {
      usage();
      return 2;
    }
    String name = args[0];
    if (List.of("-h", "--help", "help").contains(name)) {
      usage();
      return 0;
    }
    Class<? extends Scenario> type = SCENARIOS.get(name);
    if (type == null) {
      System.err.println("unknown scenario: " + name);
      usage();
      return 2;
    }
    Scenario scenario;
    try {
      scenario = type.getDeclaredConstructor().newInstance();
    } catch (ReflectiveOperationException e) {
      throw new IllegalStateException("cannot instantiate " + type.getName(), e);
    }
    List<String> rest = Arrays.asList(args).subList(1, args.length);
    try {
      scenario.run(rest);
      return 0;
    } catch (IllegalArgumentException e) {
      System.err.println(name + ": invalid arguments: " + e.getMessage());
      return 2;
    } catch (BenchmarkFailure e) {
      System.err.println(name + " FAILED: " + e.getMessage());
      return 1;
    } catch (Exception e) {
      System.err.println(name + " FAILED with an error:");
      e.printStackTrace();
      return 1;
    }
  }

  private static void usage() {
    StringBuilder b =
        new StringBuilder(
            "usage: benchmarks/run <scenario> [--key=value ...]; benchmarks/run <scenario> --help"
                + " lists its options\nscenarios:\n");
    SCENARIOS.forEach(
        (name, type) -> {
          String description;
          try {
            description = type.getDeclaredConstructor().newInstance().description();
          } catch (ReflectiveOperationException e) {
            description = "(" + type.getName() + ")";
          }
          b.append(String.format("  %-20s %s%n", name, description));
        });
    System.err.print(b);
  }
}
