// SPDX-License-Identifier: Apache-2.0
package dev.baton.bench.scale;

import java.util.List;

/**
 * How {@code election-scale} starts a child JVM ({@link ScaleChild}) and what the child is told,
 * the same for both libraries.
 *
 * @param jvmOptions the child's JVM options; {@code {library}} is replaced by library and count
 * @param joinThreads how many candidates start at a time
 * @param warmUp whether the child warms up before its baseline
 */
record ChildOptions(
    List<String> jvmOptions,
    int joinThreads,
    int sessionTimeoutMs,
    int connectionTimeoutMs,
    long timeoutMs,
    boolean warmUp) {
  ChildOptions {
    jvmOptions = List.copyOf(jvmOptions);
  }

  /** The child's JVM options for {@code library} at {@code candidates}. */
  List<String> jvmOptionsFor(String library, int candidates) {
    return jvmOptions.stream()
        .map(o -> o.replace("{library}", library + "-" + candidates))
        .toList();
  }

  /** The child's arguments, in {@link ScaleChild}'s order. */
  List<String> args(String library, String connectString, String path, int candidates) {
    return List.of(
        library,
        connectString,
        path,
        Integer.toString(candidates),
        Integer.toString(joinThreads),
        Integer.toString(sessionTimeoutMs),
        Integer.toString(connectionTimeoutMs),
        Long.toString(timeoutMs),
        Boolean.toString(warmUp));
  }
}
