// SPDX-License-Identifier: Apache-2.0
package dev.baton.demo.worker;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.baton.demo.DemoDefaults;
import java.util.Optional;

/**
 * The protocol between a worker process and the launcher: the worker writes one line per event to
 * its standard output, {@value DemoDefaults#EVENT_PREFIX} followed by a JSON object with at least
 * {@code event} (the type), {@code worker} (its id) and {@code at} (epoch milliseconds). Types and
 * their other fields:
 *
 * <ul>
 *   <li>{@code ready}: {@code sessionId} (hex), {@code pid} — the worker's session is up (printed
 *       before it enters the election and the group, so before any other event but {@code error});
 *   <li>{@code elected}: {@code token} (string form), {@code tokenValue} — it leads the scheduler;
 *   <li>{@code revoked}: {@code token}, {@code tokenValue}, {@code reason} — its term ended;
 *   <li>{@code assigned}: {@code partition}, {@code token}, {@code tokenValue} — it owns a
 *       partition;
 *   <li>{@code released}: {@code partition}, {@code token}, {@code tokenValue}, {@code reason};
 *   <li>{@code job}: {@code job} (id, {@code <schedule>#<slot>}), {@code slot}, {@code token},
 *       {@code tokenValue} — a job it created was accepted;
 *   <li>{@code result}: {@code partition}, {@code offset}, {@code token}, {@code tokenValue} — a
 *       result was accepted;
 *   <li>{@code rejected}: {@code what} ({@code job} or {@code result}), {@code resource}, {@code
 *       partition} (results only), {@code presented} and {@code current} (tokens, string form),
 *       {@code presentedValue}, {@code currentValue} — the fence refused a stale write ({@code
 *       current} and {@code currentValue} are null if the fence did not say);
 *   <li>{@code session}: {@code sessionId} (hex), {@code password} (hex) — the answer to the {@code
 *       SESSION} command, for a server-side expiry;
 *   <li>{@code error}: {@code message} — something failed and was logged;
 *   <li>{@code stopped}: no other field — the worker closed everything and is about to exit.
 * </ul>
 *
 * <p>Commands on the worker's standard input, one per line: {@code SESSION} and {@code STOP} (close
 * everything gracefully and exit 0).
 */
public final class WorkerEvent {
  private static final ObjectMapper JSON = new ObjectMapper();

  private WorkerEvent() {}

  /** A new event of {@code type} by {@code worker}, stamped now; add fields, then {@link #line}. */
  public static ObjectNode create(String type, String worker) {
    ObjectNode node = JSON.createObjectNode();
    node.put("event", type);
    node.put("worker", worker);
    node.put("at", System.currentTimeMillis());
    return node;
  }

  /** The event as a line for standard output. */
  public static String line(ObjectNode event) {
    return DemoDefaults.EVENT_PREFIX + event.toString();
  }

  /** Parses a line of a worker's output: empty if it is no event line or not a JSON object. */
  public static Optional<JsonNode> parse(String line) {
    if (line == null || !line.startsWith(DemoDefaults.EVENT_PREFIX)) {
      return Optional.empty();
    }
    try {
      JsonNode node = JSON.readTree(line.substring(DemoDefaults.EVENT_PREFIX.length()));
      return node != null && node.isObject() && node.hasNonNull("event")
          ? Optional.of(node)
          : Optional.empty();
    } catch (java.io.IOException e) {
      return Optional.empty();
    }
  }
}
