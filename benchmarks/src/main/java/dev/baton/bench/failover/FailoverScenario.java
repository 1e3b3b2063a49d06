// SPDX-License-Identifier: Apache-2.0
package dev.baton.bench.failover;

import dev.baton.bench.Scenario;
import java.util.List;
import picocli.CommandLine.Mixin;

/**
 * What both failover scenarios share: their common options, the servers and probe of a {@link
 * FailoverBench} for the run, and the closing progress line. Each adds its session timeout option.
 */
abstract class FailoverScenario implements Scenario.WithOptions {
  @Mixin private FailoverOptions.Args common = new FailoverOptions.Args();

  private final String name;
  private final String sessionKey;
  private final boolean severalTimeouts;
  private final FailoverOptions.Defaults defaults;

  FailoverScenario(
      String name, String sessionKey, boolean severalTimeouts, FailoverOptions.Defaults defaults) {
    this.name = name;
    this.sessionKey = sessionKey;
    this.severalTimeouts = severalTimeouts;
    this.defaults = defaults;
  }

  /** The values of the scenario's own session timeout option. */
  abstract List<Integer> sessionTimeoutsMs();

  /** Runs the rounds against {@code bench}'s servers. */
  abstract void run(FailoverOptions o, FailoverBench bench) throws Exception;

  FailoverOptions options() {
    return FailoverOptions.of(common, sessionKey, sessionTimeoutsMs(), severalTimeouts, defaults);
  }

  @Override
  public final void run() throws Exception {
    FailoverOptions o = options();
    long start = System.nanoTime();
    try (FailoverBench bench = FailoverBench.start(o)) {
      run(o, bench);
    }
    FailoverBench.progress(name, "done in %.0f s", (System.nanoTime() - start) / 1e9);
  }
}
