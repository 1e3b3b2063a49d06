// SPDX-License-Identifier: Apache-2.0
package dev.baton.bench.chaos;

import dev.baton.bench.chaos.ChaosProtocol.Backend;
import dev.baton.bench.chaos.ChaosProtocol.Role;
import dev.baton.bench.chaos.scenario.ChaosScenario;
import dev.baton.bench.chaos.scenario.Scenarios;
import java.time.Duration;
import java.util.List;
import picocli.CommandLine;
import picocli.CommandLine.Option;

/**
 * The options {@code chaos} and {@code chaos-profile} share (a picocli mixin): what to run and
 * where; on the lease backend the defaults are the scenarios and recipes it runs.
 */
public final class ChaosArgs {
  private static final List<String> ALL_SCENARIOS =
      List.of("1", "2", "3", "4", "5", "6", "7", "8", "9");
  private static final List<String> LEASE_SCENARIOS = List.of("1", "2", "7", "8", "9");

  @Option(names = "--scenarios", split = ",", description = "numbers or names (default: all)")
  private List<String> scenarios;

  @Option(names = "--roles", split = ",", description = "election, lock, scheduler, partition")
  private List<Role> roles;

  @Option(names = "--backend", description = "zk (default) or lease")
  private Backend backend = Backend.ZK;

  @Option(names = "--db", description = "h2 or postgres (default: -Dbaton.chaos.db, else h2)")
  private String db;

  @Option(names = "--seed", description = "the soak's and the plan's seed (default 1)")
  private long seed = 1;

  @Option(names = "--soak-seconds", description = "the soak's length (default 20)")
  private int soakSeconds = 20;

  /**
   * Fills {@code command}'s options from {@code args}, enum values in any case; {@link
   * IllegalArgumentException} names a bad option.
   */
  public static <T> T parse(T command, List<String> args) {
    try {
      new CommandLine(command)
          .setCaseInsensitiveEnumValuesAllowed(true)
          .parseArgs(args.toArray(String[]::new));
      return command;
    } catch (CommandLine.ParameterException e) {
      throw new IllegalArgumentException(e.getMessage(), e);
    }
  }

  /** The scenario names or numbers as given, or the backend's default ones. */
  public List<String> scenarioNames() {
    return scenarios != null
        ? List.copyOf(scenarios)
        : backend == Backend.LEASE ? LEASE_SCENARIOS : ALL_SCENARIOS;
  }

  /** The scenarios to run, the soak drawing its faults with {@code soakSeed}. */
  public List<ChaosScenario> scenarios(long soakSeed) {
    return scenarioNames().stream().map(n -> Scenarios.byName(n.trim(), soak(), soakSeed)).toList();
  }

  /** The recipes to run: given, or the backend's. */
  public List<Role> roles() {
    return roles != null
        ? List.copyOf(roles)
        : backend == Backend.LEASE
            ? List.of(Role.ELECTION, Role.SCHEDULER)
            : List.of(Role.values());
  }

  public Backend backend() {
    return backend;
  }

  public ChaosOptions.Db db() {
    return db == null ? ChaosOptions.Db.configured() : ChaosOptions.Db.of(db);
  }

  public long seed() {
    if (seed < 0) {
      throw new IllegalArgumentException("--seed must be 0 or more, was " + seed);
    }
    return seed;
  }

  /** How long the soak (scenario 9) runs. */
  public Duration soak() {
    return Duration.ofSeconds(soakSeconds);
  }
}
