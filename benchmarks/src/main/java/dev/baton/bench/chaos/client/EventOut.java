// SPDX-License-Identifier: Apache-2.0
package dev.baton.bench.chaos.client;

import dev.baton.bench.chaos.ChaosProtocol;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;

/**
 * Prints {@link ChaosProtocol} event lines, whole and flushed one by one, each with the client's
 * {@code id} and {@code at}, the host's monotonic clock ({@link System#nanoTime()}, one clock for
 * all the host's processes). Thread-safe.
 */
public final class EventOut {
  private static final Object LOCK = new Object();

  private final String id;
  private final PrintStream out;

  public EventOut(String id) {
    this(id, System.out);
  }

  EventOut(String id, PrintStream out) {
    this.id = id;
    this.out = out;
  }

  public String id() {
    return id;
  }

  /** Prints {@code CHAOS <kind> id=<id> at=<nanos> k1=v1 ...}. */
  public void event(String kind, Object... keyValues) {
    List<Object> all = new ArrayList<>(keyValues.length + 4);
    all.add("id");
    all.add(id);
    all.add("at");
    all.add(System.nanoTime());
    all.addAll(List.of(keyValues));
    print(ChaosProtocol.line(kind, all.toArray()));
  }

  /** {@code CHAOS ERROR id=<id> message=<text>}; line breaks in the text become spaces. */
  public void error(String message) {
    errorLine(out, id, message);
  }

  /** An ERROR line for a client whose id is not known (bad arguments): {@code id=?}. */
  public static void errorLine(PrintStream out, String id, String message) {
    String text = message == null ? "null" : message.replaceAll("[\\r\\n]+", " ");
    String line = ChaosProtocol.line("ERROR", "id", id == null ? "?" : id, "message", text);
    synchronized (LOCK) {
      out.println(line);
      out.flush();
    }
  }

  private void print(String line) {
    synchronized (LOCK) {
      out.println(line);
      out.flush();
    }
  }
}
