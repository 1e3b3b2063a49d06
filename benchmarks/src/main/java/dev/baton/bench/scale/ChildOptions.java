// SPDX-License-Identifier: Apache-2.0
package dev.baton.bench.scale;

import dev.baton.bench.Cli;
import dev.baton.bench.contender.ZkOptions;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.Option;

/**
 * How {@code election-scale} starts a child JVM ({@link ScaleChild}) and what the child is told,
 * the same for both libraries: a picocli mixin.
 */
final class ChildOptions {
  @Option(
      names = "--join-threads",
      defaultValue = "8",
      description = "candidates started at a time")
  int joinThreads;

  @Option(names = "--timeout-ms", defaultValue = "60000")
  long timeoutMs;

  @Option(names = "--child-heap-mb", defaultValue = "1024")
  int heapMb;

  @Option(names = "--child-jvm-opts", defaultValue = "", description = "{library} is replaced")
  String jvmOpts;

  @Option(
      names = "--child-warmup",
      arity = "0..1",
      fallbackValue = "true",
      defaultValue = "true",
      description = "the child warms up before its baseline")
  boolean warmUp;

  /**
   * @throws IllegalArgumentException unless join-threads is at least 1 and child-heap-mb 64
   */
  void check() {
    Cli.check(
        joinThreads >= 1 && heapMb >= 64, "join-threads >= 1 and child-heap-mb >= 64 are required");
  }

  /** The children's JVM options: the heap, then {@code --child-jvm-opts}. */
  List<String> jvmOptions() {
    List<String> jvm = new ArrayList<>(List.of("-Xms" + heapMb + "m", "-Xmx" + heapMb + "m"));
    String extra = jvmOpts.trim();
    if (!extra.isEmpty()) {
      jvm.addAll(List.of(extra.split("\\s+"))); // to profile: -XX:StartFlightRecording=...
    }
    return jvm;
  }

  /** The child's JVM options for {@code library} at {@code candidates}. */
  List<String> jvmOptionsFor(String library, int candidates) {
    return jvmOptions().stream()
        .map(o -> o.replace("{library}", library + "-" + candidates))
        .toList();
  }

  /** The child's arguments, in {@link ScaleChild}'s order. */
  List<String> args(
      String library, String connectString, String path, int candidates, ZkOptions zk) {
    return List.of(
        library,
        connectString,
        path,
        Integer.toString(candidates),
        Integer.toString(joinThreads),
        Integer.toString(zk.sessionTimeoutMs()),
        Integer.toString(zk.connectionTimeoutMs()),
        Long.toString(timeoutMs),
        Boolean.toString(warmUp));
  }
}
