// SPDX-License-Identifier: Apache-2.0
package dev.baton.bench.chaos;

import dev.baton.bench.chaos.ChaosProtocol.Event;
import java.util.List;
import java.util.Optional;

/**
 * Which client owns the leadership or the lock now, by the clients' events: the one a fault must
 * hit to test a takeover. Believing is not enough (a resumed client believes it leads for a while
 * after its successor began): docs/testing.md, "Setup of a trial", Owner.
 */
final class OwnerChoice {
  private OwnerChoice() {}

  /** One client: its id, whether its process runs (alive, not paused), its events in order. */
  record View(String id, boolean running, List<Event> events) {}

  /** The current owner among {@code clients}, or empty if none is yet (the caller waits). */
  static Optional<String> current(List<View> clients) {
    long newest = // of the terms begun (no ASSIGNED: the partitions' owner is chosen elsewhere)
        clients.stream()
            .flatMap(v -> v.events().stream())
            .filter(e -> e.kind().equals("ELECTED") || e.kind().equals("LOCKED"))
            .mapToLong(e -> e.number("token"))
            .max()
            .orElse(Long.MIN_VALUE);
    return clients.stream()
        .filter(v -> v.running() && owns(v.events(), newest))
        .map(View::id)
        .findFirst();
  }

  /**
   * Whether the events show a term {@code newest} not ended, last connected, with a write accepted
   * and none rejected.
   */
  private static boolean owns(List<Event> events, long newest) {
    Long term = null;
    boolean accepted = false;
    boolean rejected = false;
    String connection = "CONNECTED"; // a client reports changes only
    for (Event e : events) {
      switch (e.kind()) {
        case "ELECTED", "LOCKED" -> {
          term = e.number("token");
          accepted = false;
          rejected = false;
        }
        case "REVOKED", "UNLOCKED" -> term = null;
        case "CONNECTION" -> connection = e.get("state");
        case "WRITE" -> {
          if (term != null && e.number("token") == term) {
            String outcome = e.get("outcome");
            accepted |= outcome.equals("ACCEPTED");
            rejected |= outcome.equals("REJECTED");
          }
        }
        default -> {}
      }
    }
    return term != null
        && term.longValue() == newest
        && (connection.equals("CONNECTED") || connection.equals("RECONNECTED"))
        && accepted
        && !rejected;
  }
}
