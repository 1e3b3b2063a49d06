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
 * Judges one {@link History} by the format's rules alone: docs/testing.md, "The independent
 * checker".
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
            "malformed: operation %d (%s %s of %s) completes no invocation"
                .formatted(op.index(), op.type(), op.f(), op.process()));
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
            "%s: the store accepted token %d of %s (seq %d) after token %d of %s (seq %d)"
                .formatted(
                    w.resource(),
                    w.token(),
                    w.writer(),
                    w.seq(),
                    before.token(),
                    before.writer(),
                    before.seq()));
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
            "%s: token %d has two writers in the store, %s and %s (seq %d)"
                .formatted(w.resource(), w.token(), first, w.writer(), w.seq()));
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
            "malformed: write %d of %s has no %s"
                .formatted(op.index(), op.process(), op.token() == null ? "token" : "resource"));
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
                "%s: %d rejected but %d in the store's log for %d ok and %d indeterminate"
                    .formatted(what, n[1], n[3], n[0], n[2]));
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
            "%s: token %d began terms of two processes, %s and %s (operation %d)"
                .formatted(op.resource(), op.token(), first, op.process(), op.index()));
      }
    }
  }
}
