// SPDX-License-Identifier: Apache-2.0
package dev.baton.bench;

import java.util.List;
import picocli.CommandLine.Option;

/**
 * The {@code --warmup} and {@code --handovers} options of the handover benchmarks, a picocli mixin
 * whose defaults each scenario gives: untimed handovers first, then the measured ones.
 */
public final class Handovers {
  @Option(names = "--warmup", description = "untimed handovers first")
  private int warmup;

  @Option(names = "--handovers", description = "measured handovers")
  private int handovers;

  /** The options with these defaults. */
  public Handovers(int warmup, int handovers) {
    this.warmup = warmup;
    this.handovers = handovers;
  }

  /**
   * @throws IllegalArgumentException unless warmup is at least 0 and handovers at least 1
   */
  public void check() {
    Cli.check(warmup >= 0 && handovers >= 1, "warmup must be >= 0 and handovers >= 1");
  }

  public int warmup() {
    return warmup;
  }

  public int handovers() {
    return handovers;
  }

  /** One handover of one side of a benchmark. */
  @FunctionalInterface
  public interface Handover<T> {
    void run(T side, boolean record) throws Exception;
  }

  /** Told how many of the {@code total} rounds are done, and since how many seconds. */
  @FunctionalInterface
  public interface Progress {
    void done(int rounds, int total, double seconds);
  }

  /**
   * The warm-up rounds, then the measured ones (recorded): in each round every side hands over
   * once, in the round's {@link Interleaving} order; {@code progress} hears every {@code every}
   * rounds and after the last.
   */
  public <T> void run(List<T> sides, Handover<T> handover, int every, Progress progress)
      throws Exception {
    int total = warmup + handovers;
    long start = System.nanoTime();
    for (int h = 0; h < total; h++) {
      boolean record = h >= warmup;
      for (T side : Interleaving.order(sides, h)) {
        handover.run(side, record);
      }
      if ((h + 1) % every == 0 || h + 1 == total) {
        progress.done(h + 1, total, (System.nanoTime() - start) / 1e9);
      }
    }
  }
}
