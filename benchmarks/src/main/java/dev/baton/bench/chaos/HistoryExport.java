// SPDX-License-Identifier: Apache-2.0
package dev.baton.bench.chaos;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.baton.bench.chaos.ChaosProtocol.Event;
import dev.baton.bench.chaos.ChaosProtocol.Role;
import dev.baton.bench.history.check.History.Op;
import dev.baton.bench.history.check.History.StoreWrite;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.reflect.RecordComponent;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.StringJoiner;

/** Writes one trial's history: docs/testing.md, "History format". */
final class HistoryExport {
  static final String FILE = "history.json";

  /** The process of the fault operations. */
  static final String NEMESIS = "nemesis";

  /** A fault observed {@code time} nanoseconds after the clock's origin. */
  record Fault(long time, String what) {}

  /** One output line of a client and when it happened (or, failing that, was read). */
  record Stamped(String line, long nanos) {}

  private HistoryExport() {}

  /** Every output line of {@code clients}, {@link #stamp}ed in ns since {@code originNanos}. */
  static Map<String, List<Stamped>> stampAll(List<ChaosClient> clients, long originNanos) {
    long read = System.nanoTime() - originNanos;
    Map<String, List<Stamped>> out = new LinkedHashMap<>();
    for (ChaosClient c : clients) {
      out.put(c.id(), c.lines().stream().map(l -> stamp(l, read, originNanos)).toList());
    }
    return out;
  }

  /**
   * Stamps {@code line}, read {@code readNanos} after the origin, with its {@code at} (one host's
   * monotonic clock) if between the origin and the read, else with the read time, an upper bound.
   */
  static Stamped stamp(String line, long readNanos, long originNanos) {
    Optional<String> at = ChaosProtocol.parse(line).map(e -> e.fields().get("at"));
    try {
      long t = at.isPresent() ? Long.parseLong(at.get()) - originNanos : -1;
      return new Stamped(line, t >= 0 && t <= readNanos ? t : readNanos);
    } catch (NumberFormatException damaged) {
      return new Stamped(line, readNanos); // the read time still bounds the event
    }
  }

  /** The index of an operation before the history is sorted and numbered. */
  private static final long UNNUMBERED = -1;

  /** The operations that end a term, whose value is the reason. */
  private static final Set<String> END_OF_TERM = Set.of("revoked", "unlocked", "released");

  private static final ObjectMapper JSON = new ObjectMapper();

  /**
   * Writes {@code dir/history.json}: {@code meta} first, in order, then the operations of the
   * stamped {@code lines} (by client id) and {@code faults}, then {@code fenceLog}.
   */
  static Path write(
      Path dir,
      Map<String, Object> meta,
      Role role,
      Map<String, List<Stamped>> lines,
      List<Fault> faults,
      List<SafetyChecker.Row> fenceLog) {
    List<Op> ops = new ArrayList<>();
    List<String> order = new ArrayList<>(lines.keySet());
    List<Map.Entry<String, Stamped>> all = new ArrayList<>();
    lines.forEach((id, ls) -> ls.forEach(l -> all.add(Map.entry(id, l))));
    // stable: a client's own lines keep their order, equal stamps go by client
    all.sort(
        Comparator.comparingLong((Map.Entry<String, Stamped> e) -> e.getValue().nanos())
            .thenComparingInt(e -> order.indexOf(e.getKey())));
    for (Map.Entry<String, Stamped> e : all) {
      ChaosProtocol.parse(e.getValue().line())
          .flatMap(ev -> operation(role, e.getKey(), e.getValue().nanos(), ev))
          .ifPresent(
              done -> {
                String value = done.f().equals("write") ? done.value() : null;
                ops.add(op(done.process(), done.time(), "invoke", done.f(), done, value));
                ops.add(done);
              });
    }
    for (Fault fault : faults) {
      ops.add(op(NEMESIS, fault.time(), "invoke", "fault", null, fault.what()));
      ops.add(op(NEMESIS, fault.time(), "info", "fault", null, fault.what()));
    }
    // stable: an invocation stays before its completion, a fault after the events of its time
    ops.sort(Comparator.comparingLong(Op::time));
    StringBuilder b = new StringBuilder("{\n");
    b.append("  \"format\": \"baton-chaos-history\",\n  \"version\": 1,\n");
    meta.forEach(
        (k, v) -> b.append("  ").append(json(k)).append(": ").append(json(v)).append(",\n"));
    List<String> history = new ArrayList<>();
    ops.forEach(o -> history.add(object(o.withIndex(history.size()))));
    List<String> log = new ArrayList<>();
    for (SafetyChecker.Row r : fenceLog) {
      log.add(object(new StoreWrite(log.size(), r.resource(), r.writer(), r.token())));
    }
    array(b, "history", history).append(",\n");
    array(b, "fence_log", log).append("\n}\n");
    try {
      Files.createDirectories(dir);
      Path file = dir.resolve(FILE);
      Files.writeString(file, b, StandardCharsets.UTF_8);
      return file;
    } catch (IOException e) {
      throw new UncheckedIOException("cannot write the history into " + dir, e);
    }
  }

  /** An unnumbered operation, its resource and token those of {@code term} (none if null). */
  private static Op op(String process, long time, String type, String f, Op term, String value) {
    return term == null
        ? new Op(UNNUMBERED, process, time, type, f, null, null, value)
        : new Op(UNNUMBERED, process, time, type, f, term.resource(), term.token(), value);
  }

  /** The completion an event line stands for, if it is an operation. */
  private static Optional<Op> operation(Role role, String process, long time, Event e) {
    Map<String, String> f = e.fields();
    Long token = f.containsKey("token") ? Long.valueOf(f.get("token")) : null;
    String term =
        switch (role) {
          case ELECTION -> "leader";
          case SCHEDULER -> "schedule";
          case LOCK -> "lock";
          case PARTITION -> "p" + f.getOrDefault("partition", "?");
        };
    return Optional.ofNullable(
        switch (e.kind()) {
          case "WRITE" ->
              new Op(
                  UNNUMBERED,
                  process,
                  time,
                  outcome(f.get("outcome")),
                  "write",
                  f.get("resource"),
                  token,
                  process);
          case "ELECTED", "LOCKED", "ASSIGNED", "REVOKED", "UNLOCKED", "RELEASED" -> {
            String kind = e.kind().toLowerCase(Locale.ROOT);
            String reason = END_OF_TERM.contains(kind) ? f.get("reason") : null;
            yield new Op(UNNUMBERED, process, time, "ok", kind, term, token, reason);
          }
          default -> null;
        });
  }

  private static String outcome(String outcome) {
    return switch (String.valueOf(outcome)) {
      case "ACCEPTED" -> "ok";
      case "REJECTED" -> "fail";
      default -> "info";
    };
  }

  /** A record on one line, its components as the fields in order: {@code {"k1": v1, ...}}. */
  private static String object(Record r) {
    StringJoiner fields = new StringJoiner(", ", "{", "}");
    try {
      for (RecordComponent c : r.getClass().getRecordComponents()) {
        fields.add(json(c.getName()) + ": " + json(c.getAccessor().invoke(r)));
      }
    } catch (ReflectiveOperationException e) {
      throw new IllegalStateException("cannot read " + r, e);
    }
    return fields.toString();
  }

  /** {@code "name": [} then one item a line, then {@code ]}. */
  private static StringBuilder array(StringBuilder b, String name, List<String> items) {
    b.append("  ").append(json(name)).append(": [");
    return b.append(items.isEmpty() ? "]" : "\n    " + String.join(",\n    ", items) + "\n  ]");
  }

  /** A number, boolean or null as itself, anything else as a JSON string of its text. */
  private static String json(Object v) {
    try {
      return JSON.writeValueAsString(
          v == null || v instanceof Number || v instanceof Boolean ? v : v.toString());
    } catch (JsonProcessingException e) {
      throw new IllegalArgumentException("cannot write " + v + " as JSON", e);
    }
  }
}
