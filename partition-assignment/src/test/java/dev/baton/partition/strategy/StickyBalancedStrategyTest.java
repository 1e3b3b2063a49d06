package dev.baton.partition.strategy;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Collection;
import java.util.HashMap;
import java.util.Map;
import java.util.SortedSet;
import java.util.TreeSet;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;

/** Properties of the default strategy: balance, minimal movement, determinism. */
class StickyBalancedStrategyTest {
  private final StickyBalancedStrategy strategy = new StickyBalancedStrategy();

  private static SortedSet<Integer> partitions(int n) {
    SortedSet<Integer> s = new TreeSet<>();
    for (int i = 0; i < n; i++) {
      s.add(i);
    }
    return s;
  }

  private static SortedSet<String> members(int m, int offset) {
    SortedSet<String> s = new TreeSet<>();
    for (int i = 0; i < m; i++) {
      s.add("member-" + (i + offset));
    }
    return s;
  }

  private static int moved(Map<Integer, String> before, Map<Integer, String> after) {
    int moved = 0;
    for (Map.Entry<Integer, String> e : after.entrySet()) {
      if (!e.getValue().equals(before.get(e.getKey()))) {
        moved++;
      }
    }
    return moved;
  }

  private static void assertBalanced(Map<Integer, String> a, SortedSet<Integer> ps, SortedSet<String> ms) {
    assertThat(a.keySet()).containsExactlyInAnyOrderElementsOf(ps);
    assertThat(ms).containsAll(a.values());
    Map<String, Integer> counts = new HashMap<>();
    ms.forEach(m -> counts.put(m, 0));
    a.values().forEach(m -> counts.merge(m, 1, Integer::sum));
    Collection<Integer> c = counts.values();
    assertThat(c.stream().mapToInt(Integer::intValue).max().orElseThrow()
        - c.stream().mapToInt(Integer::intValue).min().orElseThrow()).isLessThanOrEqualTo(1);
  }

  @Property(tries = 300)
  void balancedAndDeterministicFromAnyStart(@ForAll @IntRange(min = 1, max = 400) int p,
      @ForAll @IntRange(min = 1, max = 40) int m, @ForAll @IntRange(min = 0, max = 60) int seedOwners) {
    SortedSet<Integer> ps = partitions(p);
    SortedSet<String> ms = members(m, 0);
    Map<Integer, String> arbitrary = new HashMap<>();
    for (int i = 0; i < p; i++) {
      arbitrary.put(i, "member-" + ((i * 7 + seedOwners) % (m + 3))); // some owners are gone
    }
    Map<Integer, String> a = strategy.assign(ps, ms, arbitrary);
    assertBalanced(a, ps, ms);
    assertThat(strategy.assign(ps, ms, arbitrary)).isEqualTo(a);
    assertThat(strategy.assign(ps, ms, a)).as("a balanced assignment is kept as it is").isEqualTo(a);
  }

  @Property(tries = 300)
  void aSingleJoinMovesOnlyTheNewcomersShare(@ForAll @IntRange(min = 1, max = 400) int p,
      @ForAll @IntRange(min = 1, max = 40) int m) {
    SortedSet<Integer> ps = partitions(p);
    SortedSet<String> before = members(m, 0);
    Map<Integer, String> start = strategy.assign(ps, before, Map.of());
    SortedSet<String> after = new TreeSet<>(before);
    after.add("member-new");
    Map<Integer, String> next = strategy.assign(ps, after, start);
    assertBalanced(next, ps, after);
    assertThat(moved(start, next)).as("moves on a join").isEqualTo(p / (m + 1));
  }

  @Property(tries = 300)
  void aSingleLeaveMovesOnlyTheLeaversPartitions(@ForAll @IntRange(min = 1, max = 400) int p,
      @ForAll @IntRange(min = 2, max = 40) int m, @ForAll @IntRange(min = 0, max = 39) int leaver) {
    SortedSet<Integer> ps = partitions(p);
    SortedSet<String> before = members(m, 0);
    Map<Integer, String> start = strategy.assign(ps, before, Map.of());
    String gone = "member-" + (leaver % m);
    SortedSet<String> after = new TreeSet<>(before);
    after.remove(gone);
    Map<Integer, String> next = strategy.assign(ps, after, start);
    assertBalanced(next, ps, after);
    long held = start.values().stream().filter(gone::equals).count();
    assertThat(moved(start, next)).as("moves on a leave").isEqualTo((int) held);
  }

  @Test
  void rejectsEmptyInput() {
    assertThatThrownBy(() -> strategy.assign(new TreeSet<>(), members(1, 0), Map.of()))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("partition");
    assertThatThrownBy(() -> strategy.assign(partitions(3), new TreeSet<>(), Map.of()))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("member");
  }
}
