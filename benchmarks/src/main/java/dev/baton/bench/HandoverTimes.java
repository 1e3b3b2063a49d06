// SPDX-License-Identifier: Apache-2.0
package dev.baton.bench;

import java.util.concurrent.TimeUnit;
import org.HdrHistogram.Histogram;

/**
 * The recorded handovers of one library in an election benchmark: the latency from the leader's
 * close call to the successor's elected callback, and how long the close call took, each in an
 * HdrHistogram (nanoseconds, up to a minute, three significant digits), read back in milliseconds.
 */
public abstract class HandoverTimes {
  private final Histogram latency = new Histogram(TimeUnit.SECONDS.toNanos(60), 3);
  private final Histogram close = new Histogram(TimeUnit.SECONDS.toNanos(60), 3);

  /** Records one handover. */
  protected final void recordHandover(long latencyNanos, long closeNanos) {
    latency.recordValue(latencyNanos);
    close.recordValue(closeNanos);
  }

  public final double p50Ms() {
    return latency.getValueAtPercentile(50) / 1e6;
  }

  public final double p99Ms() {
    return latency.getValueAtPercentile(99) / 1e6;
  }

  public final double maxMs() {
    return latency.getMaxValue() / 1e6;
  }

  public final double closeP50Ms() {
    return close.getValueAtPercentile(50) / 1e6;
  }
}
