// SPDX-License-Identifier: Apache-2.0
package dev.baton.bench.assignment;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Random;
import java.util.Set;

/**
 * A seeded membership trace: a starting group and joins, graceful leaves and crashes that keep it
 * between a minimum and a maximum size; the same seed gives the same trace for every assignor.
 * Member ids look like Kafka's, so their sort order (which range depends on) is unrelated to age.
 *
 * @param initial the group before the first event
 */
record MembershipTrace(List<String> initial, List<Event> events) {
  /** What happened to the group (offline, a leave and a crash are both a removal). */
  enum Kind {
    JOIN,
    LEAVE,
    CRASH;

    String label() {
      return name().toLowerCase(Locale.ROOT);
    }
  }

  /**
   * One event.
   *
   * @param index 1-based position in the trace
   * @param kind join, leave or crash
   * @param member the member that joined or went away
   * @param membersAfter the group after the event, in join order
   */
  record Event(int index, Kind kind, String member, List<String> membersAfter) {}

  static MembershipTrace generate(long seed, int start, int min, int max, int count) {
    if (min < 1 || start < min || start > max || count < 0) {
      throw new IllegalArgumentException(
          String.format(
              Locale.ROOT,
              "need 1 <= min-members <= start-members <= max-members and events >= 0, got min %d,"
                  + " start %d, max %d, events %d",
              min,
              start,
              max,
              count));
    }
    if (min == max && count > 0) {
      throw new IllegalArgumentException("min-members must be below max-members");
    }
    Random random = new Random(seed);
    Set<String> used = new HashSet<>();
    List<String> group = new ArrayList<>();
    for (int i = 0; i < start; i++) {
      group.add(newId(random, used));
    }
    List<String> initial = List.copyOf(group);
    List<Event> events = new ArrayList<>(count);
    for (int i = 1; i <= count; i++) {
      Kind kind;
      if (group.size() <= min) {
        kind = Kind.JOIN;
      } else if (group.size() >= max) {
        kind = random.nextBoolean() ? Kind.LEAVE : Kind.CRASH;
      } else {
        int r = random.nextInt(4);
        kind = r < 2 ? Kind.JOIN : r == 2 ? Kind.LEAVE : Kind.CRASH;
      }
      String member;
      if (kind == Kind.JOIN) {
        member = newId(random, used);
        group.add(member);
      } else {
        member = group.remove(random.nextInt(group.size()));
      }
      events.add(new Event(i, kind, member, List.copyOf(group)));
    }
    return new MembershipTrace(initial, List.copyOf(events));
  }

  /** A new Kafka-like member id, not in {@code used} (and added to it). */
  static String newId(Random random, Set<String> used) {
    while (true) {
      String id = String.format(Locale.ROOT, "consumer-%08x", random.nextInt());
      if (used.add(id)) {
        return id;
      }
    }
  }
}
