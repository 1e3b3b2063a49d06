// SPDX-License-Identifier: Apache-2.0
package dev.baton.bench.failover;

import dev.baton.bench.Cli;
import dev.baton.bench.Scenario;
import java.util.List;
import java.util.Optional;
import picocli.CommandLine;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.OptionSpec;

/**
 * What both failover scenarios share: their options (the common ones, and the session timeout
 * option each names and defaults in its {@link FailoverOptions.Defaults}), the servers and probe of
 * a {@link FailoverBench} for the run, and the closing progress line.
 */
abstract class FailoverScenario implements Scenario {
  @Mixin private FailoverOptions.Args common = new FailoverOptions.Args();

  private final String name;
  private final FailoverOptions.Defaults defaults;

  FailoverScenario(String name, FailoverOptions.Defaults defaults) {
    this.name = name;
    this.defaults = defaults;
  }

  /** Runs the rounds against {@code bench}'s servers. */
  abstract void run(FailoverOptions o, FailoverBench bench) throws Exception;

  /**
   * The options after {@code args}; empty if {@code --help} was asked for.
   *
   * @throws IllegalArgumentException for an unknown option or a value out of range
   */
  Optional<FailoverOptions> options(List<String> args) {
    CommandLine line = new CommandLine(this);
    OptionSpec sessions =
        OptionSpec.builder("--" + defaults.sessionKey())
            .type(List.class)
            .auxiliaryTypes(Integer.class)
            .splitRegex(",")
            .paramLabel("<ms>")
            .defaultValue(defaults.sessions())
            .build();
    line.getCommandSpec().addOption(sessions);
    if (!Cli.parse(line, args)) {
      return Optional.empty();
    }
    return Optional.of(FailoverOptions.of(common, sessions.getValue(), defaults));
  }

  @Override
  public final void run(List<String> args) throws Exception {
    Optional<FailoverOptions> o = options(args);
    if (o.isEmpty()) {
      return; // --help
    }
    long start = System.nanoTime();
    try (FailoverBench bench = FailoverBench.start(o.get())) {
      run(o.get(), bench);
    }
    FailoverBench.progress(name, "done in %.0f s", (System.nanoTime() - start) / 1e9);
  }
}
