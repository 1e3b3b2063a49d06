package dev.baton.partition.strategy;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SortedSet;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * Sticky and balanced: member counts differ by at most one, and as few partitions as possible move.
 *
 * <ol>
 *   <li>Quotas: each member gets {@code floor(P/M)} partitions, and {@code P mod M} of them one more;
 *       the extra slots go to the members that hold the most partitions now (ties by id), so that no
 *       member gives up a partition only to make room.
 *   <li>Keep: each member keeps its current partitions up to its quota (lowest partition ids first).
 *   <li>Fill: the remaining partitions (new ones, those of departed members, overflow) go, in partition
 *       order, to the members with room left, fewest first (ties by id).
 * </ol>
 *
 * <p>On a single join the newcomer receives {@code floor(P/M)} partitions and nothing else moves; on a
 * single leave only the departed member's partitions move. Both are the theoretical minimum. The result
 * depends only on the input. Not yet: weights and zones.
 */
public final class StickyBalancedStrategy implements AssignmentStrategy {
  @Override
  public Map<Integer, String> assign(SortedSet<Integer> partitions, SortedSet<String> members,
      Map<Integer, String> previous) {
    if (partitions.isEmpty()) {
      throw new IllegalArgumentException("there must be at least one partition");
    }
    if (members.isEmpty()) {
      throw new IllegalArgumentException("there must be at least one member");
    }
    Map<String, TreeSet<Integer>> held = new HashMap<>();
    for (String m : members) {
      held.put(m, new TreeSet<>());
    }
    for (Map.Entry<Integer, String> e : previous.entrySet()) {
      TreeSet<Integer> mine = held.get(e.getValue());
      if (mine != null && partitions.contains(e.getKey())) {
        mine.add(e.getKey());
      }
    }
    Map<String, Integer> quota = quotas(partitions.size(), members, held);
    Map<Integer, String> result = new TreeMap<>();
    Map<String, Integer> count = new HashMap<>();
    for (String m : members) {
      int kept = 0;
      for (int p : held.get(m)) {
        if (kept == quota.get(m)) {
          break;
        }
        result.put(p, m);
        kept++;
      }
      count.put(m, kept);
    }
    TreeSet<String> open = new TreeSet<>(Comparator.<String>comparingInt(count::get)
        .thenComparing(Comparator.naturalOrder()));
    for (String m : members) {
      if (count.get(m) < quota.get(m)) {
        open.add(m);
      }
    }
    for (int p : partitions) {
      if (result.containsKey(p)) {
        continue;
      }
      String m = open.pollFirst();
      result.put(p, m);
      count.put(m, count.get(m) + 1);
      if (count.get(m) < quota.get(m)) {
        open.add(m);
      }
    }
    return result;
  }

  private static Map<String, Integer> quotas(int partitions, SortedSet<String> members,
      Map<String, TreeSet<Integer>> held) {
    int base = partitions / members.size();
    int extra = partitions % members.size();
    List<String> byHolding = new ArrayList<>(members);
    byHolding.sort(Comparator.<String>comparingInt(m -> -held.get(m).size())
        .thenComparing(Comparator.naturalOrder()));
    Map<String, Integer> quota = new HashMap<>();
    for (int i = 0; i < byHolding.size(); i++) {
      quota.put(byHolding.get(i), base + (i < extra ? 1 : 0));
    }
    return quota;
  }
}
