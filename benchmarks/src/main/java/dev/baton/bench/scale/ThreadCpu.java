// SPDX-License-Identifier: Apache-2.0
package dev.baton.bench.scale;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadInfo;
import java.lang.management.ThreadMXBean;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * CPU time of this JVM's live threads, summed by thread group (the name with digits, hex ids and
 * election paths blanked), and of the whole process: where a phase spent its CPU, a figure that
 * other load on the machine disturbs far less than elapsed time.
 */
final class ThreadCpu {
  private final Map<String, Long> byGroup;
  private final long process;

  private ThreadCpu(Map<String, Long> byGroup, long process) {
    this.byGroup = byGroup;
    this.process = process;
  }

  static ThreadCpu now() {
    ThreadMXBean mx = ManagementFactory.getThreadMXBean();
    Map<String, Long> groups = new HashMap<>();
    for (ThreadInfo info : mx.getThreadInfo(mx.getAllThreadIds())) {
      if (info == null) {
        continue;
      }
      long cpu = mx.getThreadCpuTime(info.getThreadId());
      if (cpu > 0) {
        groups.merge(group(info.getThreadName()), cpu, Long::sum);
      }
    }
    return new ThreadCpu(groups, processCpu());
  }

  static String group(String threadName) {
    return threadName
        .replaceAll("@\\S*", "@")
        .replaceAll("0x[0-9a-f]+|[0-9a-f]{6,}", "x")
        .replaceAll("[0-9]+", "N");
  }

  /**
   * Baton's shared loop threads: how many are alive, and how many the pool has started so far (its
   * thread factory numbers them: {@code baton-loop-idle}, {@code baton-loop-idle-1}, ...).
   */
  static String loopPoolThreads() {
    int alive = 0;
    int highest = -1;
    for (Thread t : Thread.getAllStackTraces().keySet()) {
      String name = t.getName();
      if (name.equals("baton-loop-idle")) {
        alive++;
        highest = Math.max(highest, 0);
      } else if (name.startsWith("baton-loop-idle-")) {
        alive++;
        highest = Math.max(highest, Integer.parseInt(name.substring("baton-loop-idle-".length())));
      } else if (name.startsWith("baton-") && !name.startsWith("baton-loop-timer")) {
        alive++; // lent to a loop right now, named after it
      }
    }
    return "Baton loop threads: "
        + alive
        + " alive (idle or lent), at least "
        + (highest + 1)
        + " started";
  }

  private static long processCpu() {
    if (ManagementFactory.getOperatingSystemMXBean()
        instanceof com.sun.management.OperatingSystemMXBean os) {
      return os.getProcessCpuTime();
    }
    return -1;
  }

  /** Process CPU since {@code before}, in milliseconds. */
  double processMsSince(ThreadCpu before) {
    return (process - before.process) / 1e6;
  }

  /** The {@code top} thread groups by CPU since {@code before}, as "group=ms" pairs. */
  String topSince(ThreadCpu before, int top) {
    Map<String, Long> delta = new HashMap<>();
    byGroup.forEach((g, cpu) -> delta.put(g, cpu - before.byGroup.getOrDefault(g, 0L)));
    return delta.entrySet().stream()
        .filter(e -> e.getValue() > 0)
        .sorted((a, b) -> Long.compare(b.getValue(), a.getValue()))
        .limit(top)
        .map(e -> String.format(Locale.ROOT, "%s=%.0fms", e.getKey(), e.getValue() / 1e6))
        .collect(Collectors.joining(", "));
  }
}
