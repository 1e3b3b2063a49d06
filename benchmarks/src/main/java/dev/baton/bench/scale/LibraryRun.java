// SPDX-License-Identifier: Apache-2.0
package dev.baton.bench.scale;

import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.HdrHistogram.Histogram;

/**
 * One library's child JVM at one candidate count, and what it reported: the join and footprint
 * figures of its {@code JOINED} answer, and the recorded handover latencies.
 */
final class LibraryRun implements AutoCloseable {
  private final String library;
  private final int candidates;
  private final ChildProcess child;
  private final long timeoutMs;
  private final Histogram latency = new Histogram(TimeUnit.SECONDS.toNanos(60), 3);
  private final Histogram close = new Histogram(TimeUnit.SECONDS.toNanos(60), 3);
  private Map<String, String> ready = Map.of();
  private Map<String, String> joined = Map.of();

  LibraryRun(
      String library, int candidates, List<String> jvmOptions, List<String> args, long timeoutMs) {
    this.library = library;
    this.candidates = candidates;
    this.timeoutMs = timeoutMs;
    this.child =
        ChildProcess.start(
            library + "-" + candidates,
            jvmOptions.stream()
                .map(o -> o.replace("{library}", library + "-" + candidates))
                .toList(),
            args);
  }

  String library() {
    return library;
  }

  /** Waits for the child's warm-up and baseline. */
  void awaitReady() throws InterruptedException {
    ready = child.await("READY", timeoutMs);
  }

  /** Joins all candidates; returns the child's figures. */
  Map<String, String> join() throws InterruptedException {
    joined = child.ask("join", "JOINED", timeoutMs * 2);
    return joined;
  }

  /** One handover, recorded or not. */
  void handover(boolean record) throws InterruptedException {
    Map<String, String> h = child.ask("handover", "HANDOVER", timeoutMs);
    if (record) {
      latency.recordValue(Long.parseLong(h.get("latency_ns")));
      close.recordValue(Long.parseLong(h.get("close_ns")));
    }
  }

  /** Closes the candidates and waits for the child to end. */
  void quit() throws InterruptedException {
    child.ask("quit", "CLOSED", timeoutMs);
    child.close();
  }

  double joinedValue(String key) {
    String v = joined.get(key);
    if (v == null) {
      throw new IllegalStateException(library + " reported no " + key + ": " + joined);
    }
    return Double.parseDouble(v);
  }

  Map<String, String> readyFields() {
    return ready;
  }

  double p50Ms() {
    return latency.getValueAtPercentile(50) / 1e6;
  }

  double p99Ms() {
    return latency.getValueAtPercentile(99) / 1e6;
  }

  double maxMs() {
    return latency.getMaxValue() / 1e6;
  }

  double closeP50Ms() {
    return close.getValueAtPercentile(50) / 1e6;
  }

  int candidates() {
    return candidates;
  }

  @Override
  public void close() {
    child.kill();
  }
}
