// SPDX-License-Identifier: Apache-2.0
package dev.baton.bench.scale;

import dev.baton.bench.BenchmarkFailure;
import dev.baton.bench.HandoverTimes;
import dev.baton.testkit.ChildJvm;
import java.io.IOException;
import java.nio.file.Files;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

/**
 * One library's child JVM at one candidate count, and what it reported: the join and footprint
 * figures of its {@code JOINED} answer, and the recorded handover latencies.
 */
final class LibraryRun extends HandoverTimes implements AutoCloseable {
  private final String library;
  private final int candidates;
  private final ChildJvm child;
  private final long timeoutMs;
  private Map<String, String> ready = Map.of();
  private Map<String, String> joined = Map.of();

  LibraryRun(
      String library, int candidates, List<String> jvmOptions, List<String> args, long timeoutMs) {
    this.library = library;
    this.candidates = candidates;
    this.timeoutMs = timeoutMs;
    this.child =
        ChildJvm.builder(ScaleChild.class)
            .jvmOptions(jvmOptions.toArray(String[]::new))
            .args(args.toArray(String[]::new))
            .start();
  }

  String library() {
    return library;
  }

  /** Waits for the child's warm-up and baseline. */
  void awaitReady() throws InterruptedException {
    ready =
        answer("READY", () -> child.awaitLine(ScaleChild.MARK, 0, Duration.ofMillis(timeoutMs)));
  }

  /** Joins all candidates; returns the child's figures. */
  Map<String, String> join() throws InterruptedException {
    joined = ask("join", "JOINED", timeoutMs * 2);
    return joined;
  }

  /** One handover, recorded or not. */
  void handover(boolean record) throws InterruptedException {
    Map<String, String> h = ask("handover", "HANDOVER", timeoutMs);
    if (record) {
      recordHandover(Long.parseLong(h.get("latency_ns")), Long.parseLong(h.get("close_ns")));
    }
  }

  /** Closes the candidates and waits for the child to end. */
  void quit() throws InterruptedException {
    ask("quit", "CLOSED", timeoutMs);
    child.terminate();
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

  /** Sends {@code command} and waits for its answer. */
  private Map<String, String> ask(String command, String word, long timeoutMs) {
    return answer(word, () -> child.ask(command, ScaleChild.MARK, Duration.ofMillis(timeoutMs)));
  }

  /**
   * The child's answer that {@code await} waits for, which must start with {@code word}: its {@code
   * key=value} fields.
   *
   * @throws BenchmarkFailure on {@code FAILED}, another answer, the child's end or a timeout
   */
  private Map<String, String> answer(String word, Supplier<String> await) {
    String line;
    try {
      line = await.get();
    } catch (IllegalStateException e) {
      throw new BenchmarkFailure(library + " child: expected " + word + ": " + e.getMessage());
    }
    String answer = line.substring(ScaleChild.MARK.length());
    if (!answer.startsWith(word)) {
      throw new BenchmarkFailure(library + " child: expected " + word + ", got '" + answer + "'");
    }
    Map<String, String> fields = new LinkedHashMap<>();
    for (String part : answer.substring(word.length()).trim().split(" ")) {
      int eq = part.indexOf('=');
      if (eq > 0) {
        fields.put(part.substring(0, eq), part.substring(eq + 1));
      }
    }
    return fields;
  }

  /** Kills the child, and passes its standard error (its progress) on to this JVM's. */
  @Override
  public void close() {
    child.close();
    try {
      Files.readAllLines(child.errorFile())
          .forEach(l -> System.err.println("  [" + library + "-" + candidates + "] " + l));
    } catch (IOException e) {
      System.err.println("cannot read " + child.errorFile() + ": " + e);
    }
  }
}
