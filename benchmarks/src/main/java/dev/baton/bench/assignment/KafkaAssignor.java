// SPDX-License-Identifier: Apache-2.0
package dev.baton.bench.assignment;

import dev.baton.bench.BenchmarkFailure;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.Supplier;
import org.apache.kafka.clients.consumer.ConsumerGroupMetadata;
import org.apache.kafka.clients.consumer.ConsumerPartitionAssignor;
import org.apache.kafka.clients.consumer.ConsumerPartitionAssignor.Assignment;
import org.apache.kafka.clients.consumer.ConsumerPartitionAssignor.GroupAssignment;
import org.apache.kafka.clients.consumer.ConsumerPartitionAssignor.GroupSubscription;
import org.apache.kafka.clients.consumer.ConsumerPartitionAssignor.Subscription;
import org.apache.kafka.clients.consumer.CooperativeStickyAssignor;
import org.apache.kafka.clients.consumer.RangeAssignor;
import org.apache.kafka.clients.consumer.StickyAssignor;
import org.apache.kafka.common.Cluster;
import org.apache.kafka.common.Node;
import org.apache.kafka.common.PartitionInfo;
import org.apache.kafka.common.TopicPartition;

/**
 * A Kafka consumer-group assignor called offline the way a group leader calls it (one topic, every
 * member subscribed, no racks), each member with its own assignor instance and user data as {@code
 * ConsumerCoordinator} sends them. {@code cooperative-sticky} repeats rounds until one revokes
 * nothing: <b>the measured assignment is that final one</b>, the one the group converges to. {@code
 * sticky} and {@code range} are EAGER (no owned partitions). Details: docs/benchmarks.md,
 * "Partition assignment".
 */
final class KafkaAssignor implements Assignor {
  static final String TOPIC = "bench";
  private static final String GROUP = "bench-group";
  private static final int MAX_ROUNDS = 10;

  enum Kind {
    COOPERATIVE_STICKY("cooperative-sticky", CooperativeStickyAssignor::new),
    STICKY("sticky", StickyAssignor::new),
    RANGE("range", RangeAssignor::new);

    final String key;
    final Supplier<ConsumerPartitionAssignor> factory;

    Kind(String key, Supplier<ConsumerPartitionAssignor> factory) {
      this.key = key;
      this.factory = factory;
    }

    static Kind of(String key) {
      return Arrays.stream(values())
          .filter(k -> k.key.equals(key))
          .findFirst()
          .orElseThrow(() -> new IllegalArgumentException("unknown Kafka assignor " + key));
    }
  }

  private final Kind kind;
  private final int partitions;
  private final Cluster cluster;
  private final ConsumerPartitionAssignor leader;

  /** Each member's own assignor, for the members that received an assignment last round. */
  private final Map<String, ConsumerPartitionAssignor> members = new HashMap<>();

  private final List<String> topics = List.of(TOPIC);
  private int generation = 0;
  private int lastRounds;

  KafkaAssignor(Kind kind, int partitions) {
    this.kind = kind;
    this.partitions = partitions;
    this.leader = kind.factory.get();
    this.cluster = cluster(partitions);
  }

  static Cluster cluster(int partitions) {
    Node node = new Node(0, "localhost", 9092);
    List<PartitionInfo> infos = new ArrayList<>(partitions);
    for (int p = 0; p < partitions; p++) {
      infos.add(new PartitionInfo(TOPIC, p, node, new Node[] {node}, new Node[] {node}));
    }
    return new Cluster("bench-cluster", List.of(node), infos, Set.of(), Set.of());
  }

  @Override
  public String name() {
    return kind.key;
  }

  @Override
  public int lastRounds() {
    return lastRounds;
  }

  @Override
  public Map<Integer, String> rebalance(List<String> group, Map<Integer, String> previous) {
    Map<String, List<TopicPartition>> owned = owned(previous, group);
    lastRounds = 0;
    while (true) {
      if (++lastRounds > MAX_ROUNDS) {
        throw new BenchmarkFailure(
            kind.key + ": no stable assignment after " + MAX_ROUNDS + " rounds");
      }
      Map<String, List<TopicPartition>> next = deliver(compute(prepare(group, owned)));
      Map<Integer, String> round = toMap(next); // no partition twice, in every round
      boolean revoked = false;
      for (String m : group) {
        if (!new HashSet<>(next.getOrDefault(m, List.of())).containsAll(owned.get(m))) {
          revoked = true;
        }
        next.putIfAbsent(m, List.of());
      }
      owned = next;
      if (kind != Kind.COOPERATIVE_STICKY || !revoked) {
        return round;
      }
    }
  }

  /**
   * The subscriptions of {@code group}, each member owning {@code owned} (cooperative) or sending
   * its remembered assignment as user data (eager sticky). Forgets members that are no longer in
   * the group.
   */
  GroupSubscription prepare(List<String> group, Map<String, List<TopicPartition>> owned) {
    members.keySet().retainAll(new HashSet<>(group));
    Map<String, Subscription> subscriptions = new HashMap<>();
    for (String m : group) {
      ConsumerPartitionAssignor own = members.get(m);
      int memberGeneration = own == null ? -1 : generation;
      if (own == null) {
        own = kind.factory.get();
      }
      List<TopicPartition> mine =
          kind == Kind.COOPERATIVE_STICKY ? owned.getOrDefault(m, List.of()) : List.of();
      subscriptions.put(
          m,
          new Subscription(
              topics,
              own.subscriptionUserData(Set.copyOf(topics)),
              mine,
              memberGeneration,
              Optional.empty()));
    }
    return new GroupSubscription(subscriptions);
  }

  /** The group leader's assignment for the subscriptions (what the compute timing times). */
  GroupAssignment compute(GroupSubscription subscriptions) {
    return leader.assign(cluster, subscriptions);
  }

  /** Starts the next generation: every member's own assignor receives its assignment. */
  Map<String, List<TopicPartition>> deliver(GroupAssignment assignment) {
    generation++;
    Map<String, List<TopicPartition>> result = new HashMap<>();
    for (Map.Entry<String, Assignment> e : assignment.groupAssignment().entrySet()) {
      String m = e.getKey();
      ConsumerPartitionAssignor own = members.computeIfAbsent(m, x -> kind.factory.get());
      own.onAssignment(
          e.getValue(), new ConsumerGroupMetadata(GROUP, generation, m, Optional.empty()));
      result.put(m, List.copyOf(e.getValue().partitions()));
    }
    return result;
  }

  /** {@code previous} as each member's owned partitions (members of {@code group} only). */
  static Map<String, List<TopicPartition>> owned(
      Map<Integer, String> previous, List<String> group) {
    Map<String, List<TopicPartition>> owned = new HashMap<>();
    for (String m : group) {
      owned.put(m, new ArrayList<>());
    }
    for (Map.Entry<Integer, String> e : new TreeMap<>(previous).entrySet()) {
      List<TopicPartition> mine = owned.get(e.getValue());
      if (mine != null) {
        mine.add(new TopicPartition(TOPIC, e.getKey()));
      }
    }
    return owned;
  }

  /** The assignment as partition to member; fails on an unknown partition or one given twice. */
  Map<Integer, String> toMap(Map<String, List<TopicPartition>> assignment) {
    Map<Integer, String> out = new TreeMap<>();
    for (Map.Entry<String, List<TopicPartition>> e : assignment.entrySet()) {
      for (TopicPartition tp : e.getValue()) {
        if (!TOPIC.equals(tp.topic()) || tp.partition() < 0 || tp.partition() >= partitions) {
          throw new BenchmarkFailure(kind.key + ": assigned an unknown partition " + tp);
        }
        String other = out.put(tp.partition(), e.getKey());
        if (other != null) {
          throw new BenchmarkFailure(
              String.format(
                  Locale.ROOT,
                  "%s: partition %d assigned to both %s and %s",
                  kind.key,
                  tp.partition(),
                  other,
                  e.getKey()));
        }
      }
    }
    return out;
  }
}
