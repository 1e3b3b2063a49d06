// SPDX-License-Identifier: Apache-2.0
package dev.baton.recipes.lease;

import dev.baton.fencing.FencingToken;
import dev.baton.recipes.RevocationReason;
import dev.baton.recipes.election.LeaderElection;
import dev.baton.recipes.election.Leadership;
import dev.baton.recipes.election.LeadershipListener;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * The candidates of one lease test and what happened to them: every elected and revoked in order,
 * checked as it happens. Tokens strictly rise across all terms; each revoked follows its elected
 * once; and when a term begins, no other candidate still holds an active term.
 */
final class LeaseTerms {
  record Event(String participant, String kind, FencingToken token, RevocationReason reason) {}

  private final List<LeaderElection> candidates = new CopyOnWriteArrayList<>();
  private final List<Event> events = new ArrayList<>();
  private final List<String> violations = new CopyOnWriteArrayList<>();
  private final Map<String, FencingToken> open = new HashMap<>();
  private FencingToken highest;

  /** A candidate on {@code backend} taking part in {@code path}'s election as {@code id}. */
  LeaderElection candidate(LeaseBackend backend, String path, String id) {
    LeaderElection e =
        LeaderElection.create(
            backend,
            dev.baton.recipes.election.ElectionConfig.builder(path).participantId(id).build(),
            listener(id));
    candidates.add(e);
    return e;
  }

  LeadershipListener listener(String id) {
    return new LeadershipListener() {
      @Override
      public void elected(Leadership leadership) {
        onElected(id, leadership);
      }

      @Override
      public void revoked(Leadership leadership, RevocationReason reason) {
        onRevoked(id, leadership, reason);
      }
    };
  }

  private void onElected(String id, Leadership term) {
    for (LeaderElection c : candidates) {
      if (!c.participantId().equals(id) && c.isLeader()) {
        violations.add(id + " elected with " + term.token() + " while " + c + " leads");
      }
    }
    synchronized (this) {
      if (highest != null && !term.token().isNewerThan(highest)) {
        violations.add(id + " elected with " + term.token() + " after " + highest);
      }
      if (open.containsKey(id)) {
        violations.add(id + " elected again before its revoked");
      }
      highest = term.token();
      open.put(id, term.token());
      events.add(new Event(id, "elected", term.token(), null));
    }
  }

  private synchronized void onRevoked(String id, Leadership term, RevocationReason reason) {
    FencingToken was = open.remove(id);
    if (!term.token().equals(was)) {
      violations.add(id + " revoked " + term.token() + " but held " + was);
    }
    events.add(new Event(id, "revoked", term.token(), reason));
  }

  synchronized List<Event> events() {
    return List.copyOf(events);
  }

  synchronized List<Event> elected() {
    return events.stream().filter(e -> e.kind().equals("elected")).toList();
  }

  List<String> violations() {
    return List.copyOf(violations);
  }

  /** The candidates that hold an active term now. */
  List<LeaderElection> leaders() {
    return candidates.stream().filter(LeaderElection::isLeader).toList();
  }

  void closeAll() {
    candidates.forEach(LeaderElection::close);
  }
}
