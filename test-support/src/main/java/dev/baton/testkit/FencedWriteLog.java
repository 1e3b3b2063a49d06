// SPDX-License-Identifier: Apache-2.0
package dev.baton.testkit;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A safety checker over fenced writes: record each accepted write inside the fence's atomic action
 * and each rejected one where the fence threw; {@link #violations()} checks, per resource, that
 * accepted tokens never decrease and that one token belongs to one writer. Thread-safe.
 */
public final class FencedWriteLog {
  /** One recorded write; {@code seq} is the log's global order. */
  public record Write(String resource, String writer, long token, boolean accepted, long seq) {}

  private final AtomicLong seq = new AtomicLong();
  private final List<Write> writes = new ArrayList<>();

  public synchronized void accepted(String resource, String writer, long token) {
    writes.add(new Write(resource, writer, token, true, seq.incrementAndGet()));
  }

  public synchronized void rejected(String resource, String writer, long token) {
    writes.add(new Write(resource, writer, token, false, seq.incrementAndGet()));
  }

  public synchronized List<Write> writes() {
    return List.copyOf(writes);
  }

  public synchronized long acceptedCount() {
    return writes.stream().filter(Write::accepted).count();
  }

  public synchronized long rejectedCount() {
    return writes.stream().filter(w -> !w.accepted()).count();
  }

  /** The last accepted write of {@code resource}. */
  public synchronized Optional<Write> lastAccepted(String resource) {
    for (int i = writes.size() - 1; i >= 0; i--) {
      Write w = writes.get(i);
      if (w.accepted() && w.resource().equals(resource)) {
        return Optional.of(w);
      }
    }
    return Optional.empty();
  }

  /** Every violation of the checks, described; empty when the history is safe. */
  public synchronized List<String> violations() {
    List<String> out = new ArrayList<>();
    Map<String, Write> last = new HashMap<>();
    Map<String, Map<Long, String>> tokenWriter = new HashMap<>();
    for (Write w : writes) {
      if (!w.accepted()) {
        continue;
      }
      Write before = last.put(w.resource(), w);
      if (before != null && w.token() < before.token()) {
        out.add(
            "%s: token %d of %s accepted after token %d of %s (write #%d)"
                .formatted(
                    w.resource(), w.token(), w.writer(), before.token(), before.writer(), w.seq()));
      }
      String owner =
          tokenWriter
              .computeIfAbsent(w.resource(), r -> new HashMap<>())
              .putIfAbsent(w.token(), w.writer());
      if (owner != null && !owner.equals(w.writer())) {
        out.add(
            "%s: token %d accepted from both %s and %s (write #%d)"
                .formatted(w.resource(), w.token(), owner, w.writer(), w.seq()));
      }
    }
    return out;
  }

  /**
   * @throws AssertionError listing the violations, if any
   */
  public void assertNoViolations() {
    List<String> v = violations();
    if (!v.isEmpty()) {
      throw new AssertionError(
          v.size() + " safety violations, first ones: " + v.subList(0, Math.min(10, v.size())));
    }
  }
}
