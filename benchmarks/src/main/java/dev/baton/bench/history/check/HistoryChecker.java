// SPDX-License-Identifier: Apache-2.0
package dev.baton.bench.history.check;

import dev.baton.bench.history.check.History.Op;
import dev.baton.bench.history.check.History.StoreWrite;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Judges one {@link History} by the rules of the format alone:
 *
 * <ol>
 *   <li>the history is well formed: indexes and sequence numbers strictly increase, every type is
 *       {@code invoke}, {@code ok}, {@code fail} or {@code info}, and every completion completes an
 *       earlier invocation of the same process, {@code f}, resource and token;
 *   <li>per resource, the tokens of the store's accepted writes never go backwards in the store's
 *       order;
 *   <li>per resource, one token has one writer in the store's log;
 *   <li>every {@code ok} write is in the store's log (as many times as it was reported);
 *   <li>no write reported {@code fail} (rejected) landed: a (resource, writer, token) with a
 *       rejection never has more log entries than {@code ok} and {@code info} completions;
 *   <li>per resource, a token that begins a term ({@code elected}, {@code locked}, {@code
 *       assigned}) is held by one process only: two processes never hold terms with the same token,
 *       overlapping or not.
 * </ol>
 */
public final class HistoryChecker {
  /** The {@code f} values that begin a term (leadership, a lock hold, a partition's ownership). */
  public static final Set<String> TERM_BEGINS = Set.of("elected", "locked", "assigned");

  private static final Set<String> TYPES = Set.of("invoke", "ok", "fail", "info");

  private HistoryChecker() {}

  /** Every violation found in {@code history}, described; empty when it passes. */
  public static List<String> check(History history) {
    List<String> out = new ArrayList<>();
    wellFormed(history, out);
    storeOrder(history.fenceLog(), out);
    writes(history, out);
    terms(history.ops(), out);
    return out;
  }

  private static void wellFormed(History h, List<String> out) {
    long lastIndex = Long.MIN_VALUE;
    Map<List<Object>, Integer> pending = new HashMap<>();
    for (Op op : h.ops()) {
      if (op.index() <= lastIndex) {
        out.add("malformed: operation index " + op.index() + " after " + lastIndex);
      }
      lastIndex = op.index();
      if (!TYPES.contains(op.type())) {
        out.add("malformed: operation " + op.index() + " has type '" + op.type() + "'");
        continue;
      }
      List<Object> key =
          List.of(op.process(), op.f(), String.valueOf(op.resource()), String.valueOf(op.token()));
      if (op.type().equals("invoke")) {
        pending.merge(key, 1, Integer::sum);
      } else if (pending.getOrDefault(key, 0) == 0) {
        out.add(
            "malformed: operation "
                + op.index()
                + " ("
                + op.type()
                + " "
                + op.f()
                + " of "
                + op.process()
                + ") completes no invocation");
      } else {
        pending.merge(key, -1, Integer::sum);
      }
    }
    long lastSeq = Long.MIN_VALUE;
    for (StoreWrite w : h.fenceLog()) {
      if (w.seq() <= lastSeq) {
        out.add("malformed: fence log seq " + w.seq() + " after " + lastSeq);
      }
      lastSeq = w.seq();
    }
  }

  private static void storeOrder(List<StoreWrite> log, List<String> out) {
    Map<String, StoreWrite> last = new HashMap<>();
    Map<String, Map<Long, String>> writerOf = new HashMap<>();
    for (StoreWrite w : log) {
      StoreWrite before = last.get(w.resource());
      if (before != null && w.token() < before.token()) {
        out.add(
            w.resource()
                + ": the store accepted token "
                + w.token()
                + " of "
                + w.writer()
                + " (seq "
                + w.seq()
                + ") after token "
                + before.token()
                + " of "
                + before.writer()
                + " (seq "
                + before.seq()
                + ")");
      }
      if (before == null || w.token() >= before.token()) {
        last.put(w.resource(), w);
      }
      String first =
          writerOf
              .computeIfAbsent(w.resource(), r -> new HashMap<>())
              .putIfAbsent(w.token(), w.writer());
      if (first != null && !first.equals(w.writer())) {
        out.add(
            w.resource()
                + ": token "
                + w.token()
                + " has two writers in the store, "
                + first
                + " and "
                + w.writer()
                + " (seq "
                + w.seq()
                + ")");
      }
    }
  }

  private static void writes(History h, List<String> out) {
    Map<List<Object>, long[]> counts = new HashMap<>(); // ok, fail, info, logged
    for (Op op : h.ops()) {
      if (!op.f().equals("write") || op.type().equals("invoke")) {
        continue;
      }
      if (op.token() == null || op.resource() == null) {
        out.add(
            "malformed: write "
                + op.index()
                + " of "
                + op.process()
                + " has no "
                + (op.token() == null ? "token" : "resource"));
        continue;
      }
      int slot =
          switch (op.type()) {
            case "ok" -> 0;
            case "fail" -> 1;
            default -> 2;
          };
      counts
          .computeIfAbsent(List.of(op.resource(), op.process(), op.token()), k -> new long[4])[
          slot]++;
    }
    for (StoreWrite w : h.fenceLog()) {
      counts.computeIfAbsent(List.of(w.resource(), w.writer(), w.token()), k -> new long[4])[3]++;
    }
    counts.forEach(
        (key, n) -> {
          String what = key.get(0) + ": writes of " + key.get(1) + " with token " + key.get(2);
          if (n[0] > n[3]) {
            out.add(what + ": " + n[0] + " ok, " + n[3] + " in the store's log");
          }
          if (n[1] > 0 && n[3] > n[0] + n[2]) {
            out.add(
                what
                    + ": "
                    + n[1]
                    + " rejected but "
                    + n[3]
                    + " in the store's log for "
                    + n[0]
                    + " ok and "
                    + n[2]
                    + " indeterminate");
          }
        });
  }

  private static void terms(List<Op> ops, List<String> out) {
    Map<String, Map<Long, String>> holder = new HashMap<>();
    for (Op op : ops) {
      if (!op.type().equals("ok")
          || !TERM_BEGINS.contains(op.f())
          || op.token() == null
          || op.resource() == null) {
        continue;
      }
      String first =
          holder
              .computeIfAbsent(op.resource(), r -> new HashMap<>())
              .putIfAbsent(op.token(), op.process());
      if (first != null && !first.equals(op.process())) {
        out.add(
            op.resource()
                + ": token "
                + op.token()
                + " began terms of two processes, "
                + first
                + " and "
                + op.process()
                + " (operation "
                + op.index()
                + ")");
      }
    }
  }
}
