// SPDX-License-Identifier: Apache-2.0
package dev.baton.partition;

import dev.baton.recipes.RevocationReason;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Consumer;

/**
 * A listener that records every callback, checks the per-partition order and feeds shared beliefs.
 */
final class RecordingListener implements PartitionListener {
  /** One callback. {@code reason} is null for assigned. */
  record Event(int partition, long token, RevocationReason reason, String thread) {
    boolean isAssigned() {
      return reason == null;
    }
  }

  private final String member;
  private final Beliefs beliefs;
  private final List<Event> events = new ArrayList<>();
  private final List<String> orderViolations = new ArrayList<>();
  private final Map<Integer, Long> open = new ConcurrentHashMap<>();
  volatile Consumer<PartitionOwnership> onRevoked = ownership -> {};

  RecordingListener(String member, Beliefs beliefs) {
    this.member = member;
    this.beliefs = beliefs;
  }

  @Override
  public void assigned(PartitionOwnership ownership) {
    synchronized (this) {
      if (open.putIfAbsent(ownership.partition(), ownership.token().value()) != null) {
        orderViolations.add("assigned " + ownership.partition() + " twice without revoked");
      }
      events.add(
          new Event(
              ownership.partition(),
              ownership.token().value(),
              null,
              Thread.currentThread().getName()));
    }
    beliefs.assigned(ownership.partition(), member, ownership.token().value());
  }

  @Override
  public void revoked(PartitionOwnership ownership, RevocationReason reason) {
    onRevoked.accept(ownership);
    beliefs.revoked(ownership.partition(), member);
    synchronized (this) {
      Long token = open.remove(ownership.partition());
      if (token == null || token != ownership.token().value()) {
        orderViolations.add(
            "revoked "
                + ownership.partition()
                + " (token "
                + ownership.token().value()
                + ") without a matching assigned");
      }
      events.add(
          new Event(
              ownership.partition(),
              ownership.token().value(),
              reason,
              Thread.currentThread().getName()));
    }
  }

  synchronized List<Event> events() {
    return List.copyOf(events);
  }

  synchronized List<Event> revocations() {
    return events.stream().filter(e -> !e.isAssigned()).toList();
  }

  synchronized List<String> orderViolations() {
    return List.copyOf(orderViolations);
  }
}
