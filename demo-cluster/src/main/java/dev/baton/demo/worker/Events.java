// SPDX-License-Identifier: Apache-2.0
package dev.baton.demo.worker;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.baton.fencing.FencingToken;
import dev.baton.fencing.StaleTokenException;
import java.io.PrintStream;
import java.util.Optional;

/**
 * Writes a worker's {@link WorkerEvent} lines to standard output, one whole flushed line each;
 * nothing else prints there (logs go to standard error). Thread-safe.
 */
final class Events {
  private static final Object LOCK = new Object();

  private final String worker;
  private final PrintStream out;

  Events(String worker, PrintStream out) {
    this.worker = worker;
    this.out = out;
  }

  /** A new event of {@code type} by this worker: add fields, then {@link #emit}. */
  ObjectNode create(String type) {
    return WorkerEvent.create(type, worker);
  }

  /** Prints the event as one line. */
  void emit(ObjectNode event) {
    String line = WorkerEvent.line(event);
    synchronized (LOCK) {
      out.println(line);
      out.flush();
    }
  }

  /** An event with {@code token} and {@code tokenValue}. */
  ObjectNode withToken(String type, FencingToken token) {
    ObjectNode event = create(type);
    event.put("token", token.toString());
    event.put("tokenValue", token.value());
    return event;
  }

  /** {@code rejected}: the fence refused a {@code what} ({@code job} or {@code result}). */
  void rejected(String what, StaleTokenException e, Integer partition) {
    ObjectNode event = create("rejected");
    event.put("what", what);
    event.put("resource", e.resource());
    if (partition != null) {
      event.put("partition", partition);
    }
    event.put("presented", e.presented().toString());
    event.put("presentedValue", e.presented().value());
    Optional<FencingToken> current = e.current();
    event.put("current", current.map(FencingToken::toString).orElse(null));
    event.put("currentValue", current.map(FencingToken::value).orElse(null));
    emit(event);
  }

  /** {@code error}: something failed and was logged. */
  void error(String message) {
    ObjectNode event = create("error");
    event.put("message", message == null ? "null" : message.replaceAll("[\\r\\n]+", " "));
    emit(event);
  }

  String worker() {
    return worker;
  }
}
