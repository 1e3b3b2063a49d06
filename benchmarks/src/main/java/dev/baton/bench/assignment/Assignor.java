// SPDX-License-Identifier: Apache-2.0
package dev.baton.bench.assignment;

import java.util.List;
import java.util.Map;

/**
 * One assignor under comparison, with whatever state its group keeps between rebalances (Kafka: the
 * generation and, for the eager sticky assignor, each consumer's remembered assignment).
 */
interface Assignor {
  /** The name in RESULT lines. */
  String name();

  /**
   * The assignment the group settles on after a membership change.
   *
   * @param members the group after the change
   * @param previous this assignor's own assignment before the change (empty for the first)
   * @return partition to member, for partitions {@code 0..P-1}
   */
  Map<Integer, String> rebalance(List<String> members, Map<Integer, String> previous);

  /** How many rounds the last {@link #rebalance} took (cooperative: revocations first). */
  default int lastRounds() {
    return 1;
  }

  /** The assignors of the comparison, by RESULT name. */
  List<String> NAMES = List.of("baton", "cooperative-sticky", "sticky", "range");

  static Assignor create(String name, int partitions) {
    return switch (name) {
      case "baton" -> new BatonAssignor(partitions);
      case "cooperative-sticky", "sticky", "range" ->
          new KafkaAssignor(KafkaAssignor.Kind.of(name), partitions);
      default ->
          throw new IllegalArgumentException("unknown assignor '" + name + "'; known: " + NAMES);
    };
  }
}
