// SPDX-License-Identifier: Apache-2.0
package dev.baton.bench.chaos.client;

import dev.baton.bench.chaos.ChaosProtocol;
import java.io.PrintStream;

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
    Object[] all = new Object[keyValues.length + 4];
    all[0] = "id";
    all[1] = id;
    all[2] = "at";
    all[3] = System.nanoTime();
    System.arraycopy(keyValues, 0, all, 4, keyValues.length);
    print(out, ChaosProtocol.line(kind, all));
  }

  /** {@code CHAOS ERROR id=<id> message=<text>}; line breaks in the text become spaces. */
  public void error(String message) {
    errorLine(out, id, message);
  }

  /** An ERROR line for a client whose id is not known (bad arguments): {@code id=?}. */
  public static void errorLine(PrintStream out, String id, String message) {
    String text = message == null ? "null" : message.replaceAll("[\\r\\n]+", " ");
    print(out, ChaosProtocol.line("ERROR", "id", id == null ? "?" : id, "message", text));
  }

  private static void print(PrintStream out, String line) {
    synchronized (LOCK) {
      out.println(line);
      out.flush();
    }
  }
}
