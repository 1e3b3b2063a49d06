// SPDX-License-Identifier: Apache-2.0
package dev.baton.partition.strategy;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.SortedSet;
import java.util.TreeMap;
import java.util.TreeSet;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;

/**
 * Properties of the sticky balanced strategy: balance, weights, zones, minimal movement (against a
 * brute force), determinism, coverage, and the argument checks.
 */
class StickyBalancedStrategyTest {
  private final StickyBalancedStrategy strategy = new StickyBalancedStrategy();
  private final StickyBalancedStrategy zoneAware = StickyBalancedStrategy.zoneAware();

  // ---------------------------------------------------------------- helpers

  private static SortedSet<Integer> partitions(int n) {
    SortedSet<Integer> s = new TreeSet<>();
    for (int i = 0; i < n; i++) {
      s.add(i);
    }
    return s;
  }

  /** n partition ids with gaps and negative values, to show that ids are not indexes. */
  private static SortedSet<Integer> sparsePartitions(int n) {
    SortedSet<Integer> s = new TreeSet<>();
    for (int i = 0; i < n; i++) {
      s.add(i * 7 - 100);
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

  private static Map<String, Integer> counts(Map<Integer, String> a, Collection<MemberProfile> ms) {
    Map<String, Integer> counts = new HashMap<>();
    ms.forEach(m -> counts.put(m.id(), 0));
    a.values().forEach(m -> counts.merge(m, 1, Integer::sum));
    return counts;
  }

  /** Every partition exactly once, to a live member. */
  private static void assertCovers(
      Map<Integer, String> a, SortedSet<Integer> ps, Collection<MemberProfile> ms) {
    assertThat(a.keySet()).containsExactlyInAnyOrderElementsOf(ps);
    Set<String> live = new TreeSet<>();
    ms.forEach(m -> live.add(m.id()));
    assertThat(live).containsAll(a.values());
  }

  private static void assertBalanced(
      Map<Integer, String> a, SortedSet<Integer> ps, SortedSet<String> ms) {
    List<MemberProfile> profiles = ms.stream().map(MemberProfile::of).toList();
    assertCovers(a, ps, profiles);
    Collection<Integer> c = counts(a, profiles).values();
    assertThat(
            c.stream().mapToInt(Integer::intValue).max().orElseThrow()
                - c.stream().mapToInt(Integer::intValue).min().orElseThrow())
        .isLessThanOrEqualTo(1);
  }

  private static long totalWeight(Collection<MemberProfile> ms) {
    return ms.stream().mapToLong(MemberProfile::weight).sum();
  }

  /** |count - P * weight / W| < 1, exactly: |count * W - P * weight| < W. */
  private static boolean withinOne(long count, long p, long weight, long total) {
    return Math.abs(count * total - p * weight) < total;
  }

  private static String zoneOf(MemberProfile m) {
    return m.zone() == null ? "" : m.zone();
  }

  /** Every member within one of its weighted share, and (if {@code zones}) every zone too. */
  private static void assertWithinShares(
      Map<Integer, String> a, int p, Collection<MemberProfile> ms, boolean zones) {
    long total = totalWeight(ms);
    Map<String, Integer> counts = counts(a, ms);
    for (MemberProfile m : ms) {
      assertThat(withinOne(counts.get(m.id()), p, m.weight(), total))
          .as(
              "member %s (weight %d of %d) has %d of %d partitions",
              m.id(), m.weight(), total, counts.get(m.id()), p)
          .isTrue();
    }
    if (zones) {
      Map<String, long[]> zone = new TreeMap<>(); // weight, count
      for (MemberProfile m : ms) {
        long[] z = zone.computeIfAbsent(zoneOf(m), k -> new long[2]);
        z[0] += m.weight();
        z[1] += counts.get(m.id());
      }
      zone.forEach(
          (name, z) ->
              assertThat(withinOne(z[1], p, z[0], total))
                  .as(
                      "zone '%s' (weight %d of %d) has %d of %d partitions",
                      name, z[0], total, z[1], p)
                  .isTrue());
    }
  }

  /** Partitions whose owner in {@code after} is their live owner in {@code previous}. */
  private static int kept(Map<Integer, String> previous, Map<Integer, String> after) {
    int kept = 0;
    for (Map.Entry<Integer, String> e : after.entrySet()) {
      if (e.getValue().equals(previous.get(e.getKey()))) {
        kept++;
      }
    }
    return kept;
  }

  /**
   * The largest number of partitions that can stay with their previous (live) owner over all
   * assignments meeting the bounds, by enumerating every admissible count vector: each member
   * floor(s_i) or ceil(s_i), summing to P, and (zones) every zone total within one of its share.
   * For a count vector c the best is sum min(held_i, c_i).
   */
  private static int bruteForceMaxKept(
      SortedSet<Integer> ps, List<MemberProfile> ms, Map<Integer, String> previous, boolean zones) {
    int p = ps.size();
    long total = totalWeight(ms);
    int n = ms.size();
    int[] held = new int[n];
    for (int i = 0; i < n; i++) {
      for (int partition : ps) {
        if (ms.get(i).id().equals(previous.get(partition))) {
          held[i]++;
        }
      }
    }
    int[] floor = new int[n];
    boolean[] frac = new boolean[n];
    for (int i = 0; i < n; i++) {
      long num = (long) p * ms.get(i).weight();
      floor[i] = (int) (num / total);
      frac[i] = num % total != 0;
    }
    int best = -1;
    for (int mask = 0; mask < (1 << n); mask++) {
      int[] c = new int[n];
      int sum = 0;
      boolean ok = true;
      for (int i = 0; i < n; i++) {
        boolean up = (mask & (1 << i)) != 0;
        if (up && !frac[i]) {
          ok = false;
          break;
        }
        c[i] = floor[i] + (up ? 1 : 0);
        sum += c[i];
      }
      if (!ok || sum != p) {
        continue;
      }
      if (zones) {
        Map<String, long[]> zone = new HashMap<>();
        for (int i = 0; i < n; i++) {
          long[] z = zone.computeIfAbsent(zoneOf(ms.get(i)), k -> new long[2]);
          z[0] += ms.get(i).weight();
          z[1] += c[i];
        }
        for (long[] z : zone.values()) {
          ok &= withinOne(z[1], p, z[0], total);
        }
        if (!ok) {
          continue;
        }
      }
      int value = 0;
      for (int i = 0; i < n; i++) {
        value += Math.min(held[i], c[i]);
      }
      best = Math.max(best, value);
    }
    assertThat(best).as("some count vector is admissible").isGreaterThanOrEqualTo(0);
    return best;
  }

  /**
   * An arbitrary previous assignment: most partitions with a live member, some with departed
   * members, some without an owner; skewed so that some members hold far more than their share.
   */
  private static Map<Integer, String> arbitraryPrevious(
      SortedSet<Integer> ps, List<MemberProfile> ms, long seed) {
    Random r = new Random(seed);
    Map<Integer, String> previous = new HashMap<>();
    int favourite = r.nextInt(ms.size());
    double skew = r.nextDouble() * 0.6;
    for (int partition : ps) {
      double x = r.nextDouble();
      if (x < 0.1) {
        continue; // no owner
      }
      if (x < 0.2) {
        previous.put(partition, "departed-" + r.nextInt(3));
      } else if (x < 0.2 + skew) {
        previous.put(partition, ms.get(favourite).id());
      } else {
        previous.put(partition, ms.get(r.nextInt(ms.size())).id());
      }
    }
    return previous;
  }

  private record Spec(int weight, String zone) {}

  private static Arbitrary<List<MemberProfile>> profiles(int maxMembers) {
    Arbitrary<Integer> weight =
        Arbitraries.oneOf(
            Arbitraries.integers().between(1, 4),
            Arbitraries.integers().between(1, MemberProfile.MAX_WEIGHT));
    Arbitrary<String> zone = Arbitraries.of("zone-a", "zone-b", "zone-c").injectNull(0.25);
    return Combinators.combine(weight, zone)
        .as(Spec::new)
        .list()
        .ofMinSize(1)
        .ofMaxSize(maxMembers)
        .map(
            specs -> {
              List<MemberProfile> out = new ArrayList<>();
              for (int i = 0; i < specs.size(); i++) {
                out.add(MemberProfile.of("m" + i, specs.get(i).weight(), specs.get(i).zone()));
              }
              return out;
            });
  }

  @Provide
  Arbitrary<List<MemberProfile>> fewProfiles() {
    return profiles(7);
  }

  @Provide
  Arbitrary<List<MemberProfile>> manyProfiles() {
    return profiles(30);
  }

  // ---------------------------------------------------------------- equal weights (as before)

  @Property(tries = 300)
  void balancedAndDeterministicFromAnyStart(
      @ForAll @IntRange(min = 1, max = 400) int p,
      @ForAll @IntRange(min = 1, max = 40) int m,
      @ForAll @IntRange(min = 0, max = 60) int seedOwners) {
    SortedSet<Integer> ps = partitions(p);
    SortedSet<String> ms = members(m, 0);
    Map<Integer, String> arbitrary = new HashMap<>();
    for (int i = 0; i < p; i++) {
      arbitrary.put(i, "member-" + ((i * 7 + seedOwners) % (m + 3))); // some owners are gone
    }
    Map<Integer, String> a = strategy.assign(ps, ms, arbitrary);
    assertBalanced(a, ps, ms);
    assertThat(strategy.assign(ps, ms, arbitrary)).isEqualTo(a);
    assertThat(strategy.assign(ps, ms, a))
        .as("a balanced assignment is kept as it is")
        .isEqualTo(a);
  }

  @Property(tries = 300)
  void aSingleJoinMovesOnlyTheNewcomersShare(
      @ForAll @IntRange(min = 1, max = 400) int p, @ForAll @IntRange(min = 1, max = 40) int m) {
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
  void aSingleLeaveMovesOnlyTheLeaversPartitions(
      @ForAll @IntRange(min = 1, max = 400) int p,
      @ForAll @IntRange(min = 2, max = 40) int m,
      @ForAll @IntRange(min = 0, max = 39) int leaver) {
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

  @Property(tries = 200)
  void joinsAndLeavesInSequenceStayMinimal(
      @ForAll @IntRange(min = 1, max = 300) int p,
      @ForAll @IntRange(min = 1, max = 12) int m,
      @ForAll long seed) {
    // A chain of single changes, each starting from the strategy's own previous result.
    Random r = new Random(seed);
    SortedSet<Integer> ps = partitions(p);
    SortedSet<String> live = members(m, 0);
    Map<Integer, String> current = strategy.assign(ps, live, Map.of());
    int next = m;
    for (int step = 0; step < 12; step++) {
      SortedSet<String> after = new TreeSet<>(live);
      int expected;
      if (live.size() == 1 || r.nextBoolean()) {
        after.add("member-" + next++);
        expected = p / after.size();
      } else {
        String gone = new ArrayList<>(live).get(r.nextInt(live.size()));
        after.remove(gone);
        expected = (int) current.values().stream().filter(gone::equals).count();
      }
      Map<Integer, String> result = strategy.assign(ps, after, current);
      assertBalanced(result, ps, after);
      assertThat(moved(current, result)).as("step %d", step).isEqualTo(expected);
      current = result;
      live = after;
    }
  }

  // ---------------------------------------------------------------- weights and zones

  @Property(tries = 300)
  void weightedCountsAreWithinOneOfTheShare(
      @ForAll @IntRange(min = 0, max = 500) int p,
      @ForAll("manyProfiles") List<MemberProfile> ms,
      @ForAll long seed) {
    SortedSet<Integer> ps = sparsePartitions(p);
    Map<Integer, String> previous = arbitraryPrevious(ps, ms, seed);
    Map<Integer, String> a = strategy.assign(ps, ms, previous);
    assertCovers(a, ps, ms);
    assertWithinShares(a, p, ms, false);
    assertThat(strategy.assign(ps, ms, a))
        .as("an assignment within the bounds stays as it is")
        .isEqualTo(a);
  }

  @Property(tries = 300)
  void zoneTotalsAndMembersAreWithinOneOfTheirShares(
      @ForAll @IntRange(min = 0, max = 500) int p,
      @ForAll("manyProfiles") List<MemberProfile> ms,
      @ForAll long seed) {
    SortedSet<Integer> ps = sparsePartitions(p);
    Map<Integer, String> previous = arbitraryPrevious(ps, ms, seed);
    Map<Integer, String> a = zoneAware.assign(ps, ms, previous);
    assertCovers(a, ps, ms);
    assertWithinShares(a, p, ms, true);
    assertThat(zoneAware.assign(ps, ms, a))
        .as("an assignment within the bounds stays as it is")
        .isEqualTo(a);
  }

  @Property(tries = 400)
  void keepsTheMostPartitionsPossibleWithinTheBounds(
      @ForAll @IntRange(min = 0, max = 60) int p,
      @ForAll("fewProfiles") List<MemberProfile> ms,
      @ForAll long seed) {
    SortedSet<Integer> ps = partitions(p);
    Map<Integer, String> previous = arbitraryPrevious(ps, ms, seed);
    Map<Integer, String> plain = strategy.assign(ps, ms, previous);
    assertWithinShares(plain, p, ms, false);
    assertThat(kept(previous, plain))
        .as("kept, weights only")
        .isEqualTo(bruteForceMaxKept(ps, ms, previous, false));
    Map<Integer, String> zoned = zoneAware.assign(ps, ms, previous);
    assertWithinShares(zoned, p, ms, true);
    assertThat(kept(previous, zoned))
        .as("kept, zone-aware")
        .isEqualTo(bruteForceMaxKept(ps, ms, previous, true));
  }

  @Property(tries = 200)
  void withoutZonesTheZoneAwareStrategyIsThePlainOne(
      @ForAll @IntRange(min = 0, max = 300) int p,
      @ForAll("manyProfiles") List<MemberProfile> withZones,
      @ForAll long seed) {
    List<MemberProfile> ms =
        withZones.stream().map(m -> MemberProfile.of(m.id(), m.weight(), null)).toList();
    SortedSet<Integer> ps = partitions(p);
    Map<Integer, String> previous = arbitraryPrevious(ps, ms, seed);
    assertThat(zoneAware.assign(ps, ms, previous)).isEqualTo(strategy.assign(ps, ms, previous));
    // and the plain strategy ignores zones altogether
    assertThat(strategy.assign(ps, withZones, previous))
        .isEqualTo(strategy.assign(ps, ms, previous));
  }

  @Test
  void weightsSplitInProportion() {
    List<MemberProfile> ms =
        List.of(
            MemberProfile.of("a", 1, null),
            MemberProfile.of("b", 2, null),
            MemberProfile.of("c", 3, null));
    Map<String, Integer> counts = counts(strategy.assign(partitions(12), ms, Map.of()), ms);
    assertThat(counts).containsExactlyInAnyOrderEntriesOf(Map.of("a", 2, "b", 4, "c", 6));
  }

  @Test
  void zonesAreFilledByWeightEvenWhenTheirMembersAreFew() {
    // zone-a: one member of weight 3; zone-b: three members of weight 1. Zone shares 6 and 6.
    List<MemberProfile> ms =
        List.of(
            MemberProfile.of("a1", 3, "zone-a"),
            MemberProfile.of("b1", 1, "zone-b"),
            MemberProfile.of("b2", 1, "zone-b"),
            MemberProfile.of("b3", 1, "zone-b"));
    Map<String, Integer> counts = counts(zoneAware.assign(partitions(12), ms, Map.of()), ms);
    assertThat(counts)
        .containsExactlyInAnyOrderEntriesOf(Map.of("a1", 6, "b1", 2, "b2", 2, "b3", 2));
  }

  @Test
  void aZoneExtraSlotNeverPushesAMemberPastItsShare() {
    // P=5, W=1000. zone-1: a (147) and b (273), share 2.1; zone-2: c (580), share 2.9.
    // a's share is 0.735: a holds 3 partitions now, yet must end with 0 or 1.
    List<MemberProfile> ms =
        List.of(
            MemberProfile.of("a", 147, "zone-1"),
            MemberProfile.of("b", 273, "zone-1"),
            MemberProfile.of("c", 580, "zone-2"));
    Map<Integer, String> previous = Map.of(0, "a", 1, "a", 2, "a", 3, "c", 4, "c");
    Map<Integer, String> result = zoneAware.assign(partitions(5), ms, previous);
    assertWithinShares(result, 5, ms, true);
    assertThat(kept(previous, result))
        .isEqualTo(bruteForceMaxKept(partitions(5), ms, previous, true));
  }

  // ---------------------------------------------------------------- determinism and contract

  @Property(tries = 200)
  void theOrderOfTheMembersDoesNotMatter(
      @ForAll @IntRange(min = 0, max = 300) int p,
      @ForAll("manyProfiles") List<MemberProfile> ms,
      @ForAll long seed) {
    SortedSet<Integer> ps = partitions(p);
    Map<Integer, String> previous = arbitraryPrevious(ps, ms, seed);
    List<MemberProfile> shuffled = new ArrayList<>(ms);
    Collections.shuffle(shuffled, new Random(seed));
    Map<Integer, String> reordered = new LinkedHashMap<>();
    List<Integer> keys = new ArrayList<>(previous.keySet());
    Collections.shuffle(keys, new Random(seed + 1));
    keys.forEach(k -> reordered.put(k, previous.get(k)));
    for (StickyBalancedStrategy s : List.of(strategy, zoneAware)) {
      Map<Integer, String> a = s.assign(ps, ms, previous);
      assertThat(s.assign(ps, shuffled, reordered)).as("%s", s).isEqualTo(a);
      assertThat(s.assign(ps, Set.copyOf(ms), new TreeMap<>(previous))).as("%s", s).isEqualTo(a);
    }
  }

  @Property(tries = 100)
  void theIdConvenienceMethodIsTheProfileMethodWithDefaults(
      @ForAll @IntRange(min = 0, max = 200) int p,
      @ForAll @IntRange(min = 1, max = 20) int m,
      @ForAll long seed) {
    SortedSet<Integer> ps = partitions(p);
    SortedSet<String> ids = members(m, 0);
    List<MemberProfile> profiles = ids.stream().map(MemberProfile::of).toList();
    Map<Integer, String> previous = arbitraryPrevious(ps, profiles, seed);
    assertThat(strategy.assign(ps, ids, previous))
        .isEqualTo(strategy.assign(ps, profiles, previous));
  }

  @Test
  void noPartitionsGiveAnEmptyMap() {
    SortedSet<Integer> none = new TreeSet<>();
    SortedSet<String> ids = members(3, 0);
    assertThat(strategy.assign(none, ids, Map.of(1, "member-0"))).isEmpty();
    assertThat(zoneAware.assign(none, List.of(MemberProfile.of("a", 2, "z")), Map.of())).isEmpty();
  }

  @Test
  void noMembersAreRejected() {
    SortedSet<String> noIds = new TreeSet<>();
    List<MemberProfile> noProfiles = List.of();
    assertThatThrownBy(() -> strategy.assign(partitions(3), noIds, Map.of()))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("member");
    assertThatThrownBy(() -> strategy.assign(partitions(3), noProfiles, Map.of()))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("member");
    assertThatThrownBy(() -> strategy.assign(new TreeSet<>(), noProfiles, Map.of()))
        .as("members are validated even without partitions")
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("member");
  }

  @Test
  void duplicateIdsAreRejectedByName() {
    List<MemberProfile> ms =
        List.of(
            MemberProfile.of("a"),
            MemberProfile.of("twin", 2, null),
            MemberProfile.of("b"),
            MemberProfile.of("twin", 1, "zone-a"));
    for (StickyBalancedStrategy s : List.of(strategy, zoneAware)) {
      assertThatThrownBy(() -> s.assign(partitions(4), ms, Map.of()))
          .isInstanceOf(IllegalArgumentException.class)
          .hasMessageContaining("duplicate")
          .hasMessageContaining("twin");
      assertThatThrownBy(() -> s.assign(new TreeSet<>(), ms, Map.of()))
          .isInstanceOf(IllegalArgumentException.class)
          .hasMessageContaining("twin");
    }
  }

  @Test
  void nullArgumentsAreNamed() {
    List<MemberProfile> ms = List.of(MemberProfile.of("a"));
    assertThatThrownBy(() -> strategy.assign(null, ms, Map.of()))
        .isInstanceOf(NullPointerException.class)
        .hasMessageContaining("partitions");
    assertThatThrownBy(
            () -> strategy.assign(partitions(2), (Collection<MemberProfile>) null, Map.of()))
        .isInstanceOf(NullPointerException.class)
        .hasMessageContaining("members");
    assertThatThrownBy(() -> strategy.assign(partitions(2), (SortedSet<String>) null, Map.of()))
        .isInstanceOf(NullPointerException.class)
        .hasMessageContaining("members");
    assertThatThrownBy(() -> strategy.assign(partitions(2), ms, null))
        .isInstanceOf(NullPointerException.class)
        .hasMessageContaining("previous");
    List<MemberProfile> withNull = new ArrayList<>(ms);
    withNull.add(null);
    assertThatThrownBy(() -> strategy.assign(partitions(2), withNull, Map.of()))
        .isInstanceOf(NullPointerException.class)
        .hasMessageContaining("members");
  }

  @Test
  void previousEntriesOfUnknownPartitionsOrMembersAreIgnored() {
    Map<Integer, String> previous = new HashMap<>();
    previous.put(0, "gone");
    previous.put(1, null);
    previous.put(99, "a");
    previous.put(2, "b");
    Map<Integer, String> a =
        strategy.assign(
            partitions(3),
            List.of(MemberProfile.of("a"), MemberProfile.of("b"), MemberProfile.of("c")),
            previous);
    assertThat(a).containsEntry(2, "b").hasSize(3);
  }

  @Test
  void memberProfileValidatesItsFields() {
    assertThat(MemberProfile.of("x")).isEqualTo(new MemberProfile("x", 1, null));
    assertThat(MemberProfile.of("x", 10_000, "zone-a").weight()).isEqualTo(10_000);
    assertThatThrownBy(() -> MemberProfile.of(" ")).isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> MemberProfile.of("")).isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> MemberProfile.of(null))
        .isInstanceOf(NullPointerException.class)
        .hasMessageContaining("id");
    assertThatThrownBy(() -> MemberProfile.of("x", 0, null))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("weight");
    assertThatThrownBy(() -> MemberProfile.of("x", 10_001, null))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> MemberProfile.of("x", 1, ""))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("zone");
    assertThatThrownBy(() -> MemberProfile.of("x", 1, "  "))
        .isInstanceOf(IllegalArgumentException.class);
  }

  @Test
  void largeInputsAreExact() {
    // 2,000 members, a third of them of the largest weight, five zones, P prime.
    List<MemberProfile> ms = new ArrayList<>();
    for (int i = 0; i < 2_000; i++) {
      ms.add(
          MemberProfile.of(
              "m" + i, i % 3 == 0 ? MemberProfile.MAX_WEIGHT : 1 + i % 7, "zone-" + i % 5));
    }
    SortedSet<Integer> ps = partitions(10_007);
    Map<Integer, String> a = zoneAware.assign(ps, ms, Map.of());
    assertCovers(a, ps, ms);
    assertWithinShares(a, ps.size(), ms, true);
  }
}
