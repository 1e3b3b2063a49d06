// SPDX-License-Identifier: Apache-2.0
package dev.baton.bench;

import dev.baton.testkit.ChildJvm;
import java.time.Duration;
import java.util.List;
import java.util.function.Supplier;

/**
 * The parent's side of a benchmark's child JVM (test-support's {@link ChildJvm}), under a label
 * that names it in messages; closing it kills the child.
 */
public abstract class ChildProcess implements AutoCloseable {
  protected final ChildJvm child;
  protected final String label;

  /** Starts {@code main} with {@code jvmOptions} and {@code args}, labelled {@code who (pid n)}. */
  protected ChildProcess(Class<?> main, List<String> jvmOptions, List<String> args, String who) {
    child =
        ChildJvm.builder(main)
            .jvmOptions(jvmOptions.toArray(String[]::new))
            .args(args.toArray(String[]::new))
            .start();
    label = who + " (pid " + child.pid() + ")";
  }

  /**
   * The line {@code await} waits for.
   *
   * @throws BenchmarkFailure {@code <label> <failed>: <why>} if the child ended or it timed out
   */
  protected final String await(String failed, Supplier<String> await) {
    try {
      return await.get();
    } catch (IllegalStateException e) {
      throw new BenchmarkFailure(label + " " + failed + ": " + e.getMessage());
    }
  }

  /** The first line starting with {@code prefix}, waited for {@code within}. */
  protected final String awaitLine(String prefix, Duration within) {
    return child.awaitLine(prefix, 0, within);
  }

  @Override
  public void close() {
    child.close();
  }

  @Override
  public String toString() {
    return label;
  }
}
