// SPDX-License-Identifier: Apache-2.0
package dev.baton.bench;

import java.util.List;

/**
 * One benchmark program, with a public no-argument constructor that does no work. Results go to
 * stdout as {@code RESULT <scenario> key=value ...} lines, progress to stderr; a failed sanity
 * check throws {@link BenchmarkFailure}.
 */
public interface Scenario {
  /** One line for the usage text: by default, the class's picocli {@code @Command} description. */
  default String description() {
    return Cli.description(getClass());
  }

  /** Runs the scenario with the arguments that followed its name on the command line. */
  void run(List<String> args) throws Exception;

  /**
   * A scenario whose options are its picocli-annotated fields: {@link #run(List)} sets them ({@link
   * Cli#parse}) and calls {@link #run()}, unless {@code --help} was asked for.
   */
  interface WithOptions extends Scenario {
    @Override
    default void run(List<String> args) throws Exception {
      if (Cli.parse(this, args)) {
        run();
      }
    }

    /** Runs the scenario, its options set. */
    void run() throws Exception;
  }
}
