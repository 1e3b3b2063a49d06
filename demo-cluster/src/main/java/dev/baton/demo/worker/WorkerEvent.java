// SPDX-License-Identifier: Apache-2.0
package dev.baton.demo.worker;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.baton.demo.DemoDefaults;
import java.util.Optional;

/**
 * The worker-to-launcher protocol: one line per event on standard output, {@value
 * DemoDefaults#EVENT_PREFIX} and a JSON object with {@code event}, {@code worker}, {@code at}
 * (epoch ms) and per type: {@code ready} ({@code sessionId}, {@code pid}; before any other), {@code
 * elected} and {@code revoked} ({@code token}, {@code tokenValue}, {@code reason}), {@code
 * assigned} and {@code released} (plus {@code partition}), {@code job} ({@code job}, {@code slot}),
 * {@code result} ({@code partition}, {@code offset}), {@code rejected} ({@code what}, {@code
 * resource}, {@code partition}, {@code presented}, {@code current} and their values; current may be
 * null), {@code session} ({@code sessionId}, {@code password}, hex), {@code error} ({@code
 * message}), {@code stopped}. Commands on standard input: {@code SESSION}, {@code STOP}.
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
