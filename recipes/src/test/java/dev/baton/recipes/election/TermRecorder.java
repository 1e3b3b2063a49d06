// SPDX-License-Identifier: Apache-2.0
package dev.baton.recipes.election;

import static org.assertj.core.api.Assertions.assertThat;

import dev.baton.fencing.FencingToken;
import dev.baton.recipes.RevocationReason;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * Shared by the candidates of one test: records every elected and revoked event in the order they
 * happened and checks the election's safety rules as they happen.
 *
 * <ul>
 *   <li>tokens only rise: a new term's token is higher than every earlier term's, except that the
 *       same participant may be elected again with the same token after a reconnect inside its
 *       session;
 *   <li>each revoked follows its elected, exactly once, in order per participant;
 *   <li>at each elected, the candidates that still hold an active term ("co-leaders") are recorded,
 *       so a test can require that there are none (graceful handovers) or that they end soon
 *       (expiry).
 * </ul>
 */
final class TermRecorder {
  enum Kind {
    ELECTED,
    REVOKED
  }

  record Event(
      Kind kind,
      String participant,
      FencingToken token,
      RevocationReason reason,
      List<String> coLeaders,
      List<String> healthyCoLeaders,
      long nanos) {}

  private final List<Event> events = new ArrayList<>();
  private final List<String> violations = new CopyOnWriteArrayList<>();
  private final List<TestCandidate> candidates = new CopyOnWriteArrayList<>();
  private final java.util.Set<String> disrupted =
      java.util.concurrent.ConcurrentHashMap.newKeySet();
  private FencingToken highest;
  private String highestHolder;

  void register(TestCandidate candidate) {
    candidates.add(candidate);
  }

  void unregister(TestCandidate candidate) {
    candidates.remove(candidate);
  }

  void elected(String participant, Leadership leadership) {
    List<String> co = new ArrayList<>();
    for (TestCandidate c : candidates) {
      if (!c.id().equals(participant) && c.election().isLeader()) {
        co.add(c.id());
      }
    }
    synchronized (this) {
      FencingToken token = leadership.token();
      if (highest != null) {
        boolean sameTerm = token.equals(highest) && participant.equals(highestHolder);
        if (!token.isNewerThan(highest) && !sameTerm) {
          violations.add(
              "token did not rise: "
                  + participant
                  + " elected with "
                  + token
                  + " after "
                  + highestHolder
                  + " had "
                  + highest);
        }
      }
      if (highest == null || token.isNewerThan(highest)) {
        highest = token;
        highestHolder = participant;
      }
      Event last = lastOf(participant);
      if (last != null && last.kind() == Kind.ELECTED) {
        violations.add(participant + " elected twice without a revoke in between");
      }
      List<String> healthy = co.stream().filter(p -> !disrupted.contains(p)).toList();
      events.add(
          new Event(
              Kind.ELECTED, participant, token, null, List.copyOf(co), healthy, System.nanoTime()));
    }
  }

  synchronized void revoked(String participant, Leadership leadership, RevocationReason reason) {
    Event last = lastOf(participant);
    if (last == null || last.kind() != Kind.ELECTED || !last.token().equals(leadership.token())) {
      violations.add(
          participant + " revoked " + leadership.token() + " without a matching elected");
    }
    events.add(
        new Event(
            Kind.REVOKED,
            participant,
            leadership.token(),
            reason,
            List.of(),
            List.of(),
            System.nanoTime()));
  }

  private Event lastOf(String participant) {
    for (int i = events.size() - 1; i >= 0; i--) {
      if (events.get(i).participant().equals(participant)) {
        return events.get(i);
      }
    }
    return null;
  }

  synchronized List<Event> events() {
    return List.copyOf(events);
  }

  synchronized List<Event> electedEvents() {
    return events.stream().filter(e -> e.kind() == Kind.ELECTED).toList();
  }

  synchronized long electedCount(String participant) {
    return events.stream()
        .filter(e -> e.kind() == Kind.ELECTED && e.participant().equals(participant))
        .count();
  }

  synchronized FencingToken highestToken() {
    return highest;
  }

  /** Fails the test if any rule was broken so far. */
  void assertNoViolations() {
    assertThat(violations).as("safety violations").isEmpty();
  }

  /**
   * Marks a participant whose session the test broke on the server side (a real expiry): until its
   * client notices, it may still believe it leads, which is not a violation. Clear the mark with
   * {@link #clearDisrupted} once the candidate is back on a healthy session.
   */
  void markDisrupted(String participant) {
    disrupted.add(participant);
  }

  void clearDisrupted() {
    disrupted.clear();
  }

  /**
   * Fails if a term was elected while a candidate on a healthy session (one the test did not expire
   * on the server) still held an active term.
   */
  void assertNoOverlapsOnHealthySessions() {
    assertThat(electedEvents())
        .as("terms elected while a healthy candidate still led")
        .allSatisfy(
            e -> assertThat(e.healthyCoLeaders()).as("healthy co-leaders of %s", e).isEmpty());
  }

  /** Fails unless no term was ever elected while another candidate still held an active one. */
  void assertNoOverlaps() {
    assertThat(electedEvents())
        .as("terms elected while another was active")
        .allSatisfy(e -> assertThat(e.coLeaders()).as("co-leaders of %s", e).isEmpty());
  }
}
