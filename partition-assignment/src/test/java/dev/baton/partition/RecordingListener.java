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
  volatile Consumer<PartitionLease> onRevoked = lease -> {};

  RecordingListener(String member, Beliefs beliefs) {
    this.member = member;
    this.beliefs = beliefs;
  }

  @Override
  public void assigned(PartitionLease lease) {
    synchronized (this) {
      if (open.putIfAbsent(lease.partition(), lease.token().value()) != null) {
        orderViolations.add("assigned " + lease.partition() + " twice without revoked");
      }
      events.add(
          new Event(
              lease.partition(), lease.token().value(), null, Thread.currentThread().getName()));
    }
    beliefs.assigned(lease.partition(), member, lease.token().value());
  }

  @Override
  public void revoked(PartitionLease lease, RevocationReason reason) {
    onRevoked.accept(lease);
    beliefs.revoked(lease.partition(), member);
    synchronized (this) {
      Long token = open.remove(lease.partition());
      if (token == null || token != lease.token().value()) {
        orderViolations.add(
            "revoked "
                + lease.partition()
                + " (token "
                + lease.token().value()
                + ") without a matching assigned");
      }
      events.add(
          new Event(
              lease.partition(), lease.token().value(), reason, Thread.currentThread().getName()));
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
