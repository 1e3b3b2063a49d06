// SPDX-License-Identifier: Apache-2.0
package dev.baton.bench.chaos;

import dev.baton.bench.chaos.ChaosProtocol.Event;
import java.util.List;
import java.util.Optional;

/**
 * Which client is the current owner of the leadership or the lock, judged from the clients' event
 * lines alone: the client a fault must hit for the fault to test a takeover.
 *
 * <p>Believing it owns is not enough. A client resumed after a pause, or reconnected after a cut,
 * believes for a while that it still leads (its recipe has not yet noticed the session it lost)
 * while a successor's term has begun; in a soak one fault follows the other, so the next fault's
 * choice can see two believers. Cutting the stale one tests nothing (the successor is writing
 * already) and its "successor" never comes, since it began before the cut. The owner is therefore
 * the believer whose term has the highest token any client began (no newer term has begun), whose
 * last connection state is connected, and whose term had a write accepted and none rejected (the
 * fence still takes its writes).
 */
final class OwnerChoice {
  private OwnerChoice() {}

  /**
   * One client as the harness sees it: its id, whether its process runs (alive, not paused), and
   * its event lines in order.
   */
  record View(String id, boolean running, List<Event> events) {}

  /**
   * The current owner among {@code clients} (see the class comment), or empty if none is yet: the
   * caller waits.
   */
  static Optional<String> current(List<View> clients) {
    long newest = Long.MIN_VALUE;
    for (View v : clients) {
      for (Event e : v.events()) {
        if (begins(e)) {
          newest = Math.max(newest, e.number("token"));
        }
      }
    }
    for (View v : clients) {
      if (v.running() && owns(v.events(), newest)) {
        return Optional.of(v.id());
      }
    }
    return Optional.empty();
  }

  /**
   * Whether these events show a term with token {@code newest} not yet ended, on a connection last
   * reported connected, with an accepted write and no rejected one.
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

  private static boolean begins(Event e) {
    return e.kind().equals("ELECTED") || e.kind().equals("LOCKED");
  }
}
