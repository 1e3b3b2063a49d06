// SPDX-License-Identifier: Apache-2.0
package dev.baton.bench.history.check;

import java.util.ArrayList;
import java.util.List;

/** Builds history files for tests, in the exported format, one operation pair at a time. */
final class HistoryText {
  private final List<String> ops = new ArrayList<>();
  private final List<String> log = new ArrayList<>();
  private long time;

  /** An invocation and its completion ({@code type}) of {@code process}. */
  HistoryText op(String process, String type, String f, String resource, Long token) {
    String value = f.equals("write") ? "\"" + process + "\"" : "null";
    time += 1000;
    ops.add(line(process, "invoke", f, resource, token, value));
    ops.add(line(process, type, f, resource, token, value));
    return this;
  }

  /** A raw operation line (for malformed histories). */
  HistoryText raw(String process, String type, String f, String resource, Long token) {
    time += 1000;
    ops.add(line(process, type, f, resource, token, "null"));
    return this;
  }

  HistoryText write(String process, String type, String resource, long token) {
    return op(process, type, "write", resource, token);
  }

  /** A write of {@code process} completed {@code type}, and its entry in the store's log. */
  HistoryText landed(String process, String type, String resource, long token) {
    return write(process, type, resource, token).stored(resource, process, token);
  }

  /** One accepted write in the store's log. */
  HistoryText stored(String resource, String writer, long token) {
    log.add(
        String.format(
            "{\"seq\": %d, \"resource\": \"%s\", \"writer\": \"%s\", \"token\": %d}",
            log.size(), resource, writer, token));
    return this;
  }

  private String line(
      String process, String type, String f, String resource, Long token, String value) {
    return String.format(
        "{\"index\": %d, \"process\": \"%s\", \"time\": %d, \"type\": \"%s\", \"f\": \"%s\","
            + " \"resource\": %s, \"token\": %s, \"value\": %s}",
        ops.size(),
        process,
        time,
        type,
        f,
        resource == null ? "null" : "\"" + resource + "\"",
        token,
        value);
  }

  String json() {
    return "{\"format\": \"baton-chaos-history\", \"version\": 1, \"trial\": \"t1\",\n"
        + " \"history\": [\n  "
        + String.join(",\n  ", ops)
        + "],\n \"fence_log\": [\n  "
        + String.join(",\n  ", log)
        + "]}\n";
  }

  History history() {
    return History.parse(json());
  }

  /** A safe election: c1 leads with 1, c2 takes over with 2, c1's late write is rejected. */
  static HistoryText safeElection() {
    return new HistoryText()
        .op("c1", "ok", "elected", "leader", 1L)
        .write("c1", "ok", "leader", 1)
        .stored("leader", "c1", 1)
        .write("c1", "ok", "leader", 1)
        .stored("leader", "c1", 1)
        .op("c2", "ok", "elected", "leader", 2L)
        .write("c2", "ok", "leader", 2)
        .stored("leader", "c2", 2)
        .write("c1", "fail", "leader", 1)
        .write("c2", "info", "leader", 2)
        .op("c1", "ok", "revoked", "leader", 1L);
  }
}
