// SPDX-License-Identifier: Apache-2.0
package dev.baton.partition.strategy;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.PriorityQueue;
import java.util.SortedSet;
import java.util.TreeMap;
import java.util.stream.IntStream;

/**
 * Sticky and balanced by weight, optionally spread across zones; as few partitions as possible
 * move.
 *
 * <p>Notation: {@code P} partitions, members {@code i} with weight {@code w_i}, {@code W} the sum
 * of the weights. Member {@code i}'s <em>share</em> is {@code s_i = P * w_i / W}; a zone's share is
 * {@code S_z = P * W_z / W} with {@code W_z} the weights of its members. Members without a zone
 * form one zone of their own. All arithmetic is exact (integers, remainders over {@code W}).
 *
 * <h2>Algorithm</h2>
 *
 * <ol>
 *   <li><b>Quotas</b> by largest-remainder apportionment: each member gets {@code floor(s_i)}; the
 *       remaining slots go, one each, to members with a non-zero remainder, preferring those that
 *       hold more than their floor (the slot keeps a partition in place), then the larger
 *       remainder, then the smaller id. {@link #zoneAware() Zone-aware}, the zone totals are
 *       apportioned first the same way (ties by zone name), then the members within each zone from
 *       their own {@code floor(s_i)} (not the zone total split again: that keeps every member
 *       within one of its share).
 *   <li><b>Keep</b>: each member keeps its current partitions up to its quota, lowest ids first.
 *   <li><b>Fill</b>: the remaining partitions go, in partition order, to the members with room
 *       left, fewest partitions first (ties by id).
 * </ol>
 *
 * <p>Cost: {@code O(P log P + M log M)} (10,000 partitions and 1,000 members: about 1.5 ms, see
 * {@code benchmarks/run assignment}).
 *
 * <h2>Guarantees</h2>
 *
 * <ul>
 *   <li>Every partition goes to exactly one of the given members.
 *   <li><b>Weights</b>: every member's count {@code c_i} satisfies {@code |c_i - s_i| < 1}; with
 *       equal weights the counts differ by at most one.
 *   <li><b>Zones</b> ({@link #zoneAware()}): every zone's total satisfies {@code |T_z - S_z| < 1}
 *       too (compatible: {@code sum floor(s_i) <= floor(S_z) <= ceil(S_z) <= sum ceil(s_i)}).
 *   <li><b>Minimal movement</b>: among all assignments within the bounds above, the result keeps
 *       the most partitions with their previous owner, for any {@code previous}. Why: counts {@code
 *       c} keep at most {@code sum min(held_i, c_i)}, which the keep step reaches, and an extra
 *       slot keeps one more partition exactly when its member holds more than its floor (a zone's:
 *       when {@code floor(S_z) - sum floor(s_i) < k_z}, with {@code k_z} its members with a
 *       remainder holding more than their floor), so those get the slots first. So with equal
 *       weights and no zones a newcomer receives {@code floor(P/M)} and nothing else moves; a leave
 *       moves only the departed member's partitions. jqwik properties check this by brute force.
 *   <li><b>Deterministic</b>: the result depends only on the partitions, the members as a set and
 *       the previous owners. A {@code previous} already within the bounds comes back unchanged.
 * </ul>
 *
 * <p>Not guaranteed: fewer moves than the minimum under the bounds (balance is never traded for
 * stickiness); minimal movement over a sequence of changes, or across a change of weights or zones;
 * which partitions a member receives, only how many. {@link #StickyBalancedStrategy() The default
 * constructor} ignores zones.
 */
public final class StickyBalancedStrategy implements AssignmentStrategy {
  /** The zone of members without one (blank zone names are rejected). */
  private static final String NO_ZONE = "";

  private final boolean zoneAware;

  /** Balanced by weight; zones are ignored. */
  public StickyBalancedStrategy() {
    this(false);
  }

  private StickyBalancedStrategy(boolean zoneAware) {
    this.zoneAware = zoneAware;
  }

  /** Balanced by weight and spread across zones (see the class description). */
  public static StickyBalancedStrategy zoneAware() {
    return new StickyBalancedStrategy(true);
  }

  /** Whether this instance spreads partitions across zones. */
  public boolean isZoneAware() {
    return zoneAware;
  }

  @Override
  public String toString() {
    return zoneAware ? "StickyBalancedStrategy(zone-aware)" : "StickyBalancedStrategy";
  }

  @Override
  public Map<Integer, String> assign(
      SortedSet<Integer> partitions,
      Collection<MemberProfile> members,
      Map<Integer, String> previous) {
    Objects.requireNonNull(partitions, "partitions");
    Objects.requireNonNull(members, "members");
    Objects.requireNonNull(previous, "previous");
    MemberProfile[] byId = sortedById(members);
    Map<Integer, String> result = new TreeMap<>();
    if (partitions.isEmpty()) {
      return result;
    }
    int n = byId.length;
    int p = partitions.size();
    Map<String, Integer> index = new HashMap<>(n * 2);
    for (int i = 0; i < n; i++) {
      index.put(byId[i].id(), i);
    }

    int[] part = new int[p];
    int[] owner = new int[p];
    int[] held = new int[n];
    int k = 0;
    for (Integer partition : partitions) {
      Objects.requireNonNull(partition, "partitions contains null");
      part[k] = partition;
      String was = previous.get(partition);
      Integer o = was == null ? null : index.get(was);
      owner[k] = o == null ? -1 : o;
      if (o != null) {
        held[o]++;
      }
      k++;
    }

    int[] quota = quotas(p, byId, held);

    // Keep: each member keeps its current partitions, lowest first, up to its quota.
    int[] count = new int[n];
    for (k = 0; k < p; k++) {
      int o = owner[k];
      if (o >= 0 && count[o] < quota[o]) {
        count[o]++;
      } else {
        owner[k] = -1;
      }
    }
    // Fill: in partition order, to the member with room left and the fewest partitions.
    PriorityQueue<Integer> open =
        new PriorityQueue<>(
            Math.max(1, n),
            Comparator.<Integer>comparingInt(i -> count[i]).thenComparingInt(i -> i));
    for (int i = 0; i < n; i++) {
      if (count[i] < quota[i]) {
        open.add(i);
      }
    }
    for (k = 0; k < p; k++) {
      if (owner[k] < 0) {
        int i = open.remove(); // quotas sum to P, so a member with room is left
        owner[k] = i;
        if (++count[i] < quota[i]) {
          open.add(i);
        }
      }
    }
    for (k = 0; k < p; k++) {
      result.put(part[k], byId[owner[k]].id());
    }
    return result;
  }

  private static MemberProfile[] sortedById(Collection<MemberProfile> members) {
    MemberProfile[] byId = members.toArray(new MemberProfile[0]);
    if (byId.length == 0) {
      throw new IllegalArgumentException("there must be at least one member");
    }
    for (MemberProfile m : byId) {
      Objects.requireNonNull(m, "members contains null");
    }
    Arrays.sort(byId, Comparator.comparing(MemberProfile::id));
    for (int i = 1; i < byId.length; i++) {
      if (byId[i].id().equals(byId[i - 1].id())) {
        throw new IllegalArgumentException("duplicate member id: " + byId[i].id());
      }
    }
    return byId;
  }

  /** Quotas: floor(s_i) or, with a remainder, one more (zones likewise); see the class doc. */
  private int[] quotas(int p, MemberProfile[] members, int[] held) {
    int n = members.length;
    long total = Arrays.stream(members).mapToLong(MemberProfile::weight).sum();
    long[] rem = new long[n];
    int[] quota = new int[n];
    for (int i = 0; i < n; i++) {
      long num = (long) p * members[i].weight(); // < 2^31 * 2^14: no overflow
      quota[i] = (int) (num / total);
      rem[i] = num % total;
    }

    // Zones, sorted by name; without zone-awareness all members form one zone.
    TreeMap<String, List<Integer>> zoneMembers = new TreeMap<>();
    for (int i = 0; i < n; i++) {
      String zone = zoneAware && members[i].zone() != null ? members[i].zone() : NO_ZONE;
      zoneMembers.computeIfAbsent(zone, z -> new ArrayList<>()).add(i); // ascending ids
    }
    int zones = zoneMembers.size();
    List<String> zoneNames = new ArrayList<>(zoneMembers.keySet());
    List<List<Integer>> membersOfZone = new ArrayList<>(zoneMembers.values()); // as zoneNames
    long[] zoneFloor = new long[zones];
    long[] zoneRem = new long[zones];
    long[] room = new long[zones]; // floor(S_z) - sum of the members' floors
    boolean[] gains = new boolean[zones];
    long assigned = 0;
    for (int z = 0; z < zones; z++) {
      long weight = 0;
      long floors = 0;
      int keepers = 0; // members with a remainder that hold more than their floor
      for (int i : membersOfZone.get(z)) {
        weight += members[i].weight();
        floors += quota[i];
        if (rem[i] > 0 && held[i] > quota[i]) {
          keepers++;
        }
      }
      long[] qr = mulDiv(p, weight, total);
      zoneFloor[z] = qr[0];
      zoneRem[z] = qr[1];
      room[z] = qr[0] - floors;
      gains[z] = room[z] < keepers;
      assigned += qr[0];
    }

    // Zone level: the P - sum floor(S_z) extra slots.
    long extra = p - assigned;
    List<Integer> zoneOrder =
        IntStream.range(0, zones)
            .filter(z -> zoneRem[z] > 0)
            .boxed()
            .sorted(
                Comparator.<Integer, Boolean>comparing(z -> !gains[z])
                    .thenComparing(z -> -zoneRem[z])
                    .thenComparing(z -> zoneNames.get(z)))
            .toList();
    if (extra > zoneOrder.size()) {
      throw new IllegalStateException(
          "apportionment: " + extra + " slots for " + zoneOrder.size() + " zones");
    }
    for (int j = 0; j < extra; j++) {
      room[zoneOrder.get(j)]++;
    }

    // Member level, per zone: room[z] extra slots for members with a remainder.
    for (int z = 0; z < zones; z++) {
      List<Integer> eligible =
          membersOfZone.get(z).stream()
              .filter(i -> rem[i] > 0)
              .sorted(
                  Comparator.<Integer, Boolean>comparing(i -> held[i] <= quota[i])
                      .thenComparing(i -> -rem[i])
                      .thenComparingInt(i -> i))
              .toList();
      if (room[z] > eligible.size()) {
        throw new IllegalStateException(
            "apportionment: %s slots for %s members in zone '%s'"
                .formatted(room[z], eligible.size(), zoneNames.get(z)));
      }
      for (int j = 0; j < room[z]; j++) {
        quota[eligible.get(j)]++;
      }
    }
    return quota;
  }

  /** {@code {floor(a * b / d), (a * b) mod d}} for non-negative a, b and positive d, exactly. */
  private static long[] mulDiv(long a, long b, long d) {
    long high = Math.multiplyHigh(a, b);
    long low = a * b;
    if (high == 0 && low >= 0) {
      return new long[] {low / d, low % d};
    }
    BigInteger[] qr =
        BigInteger.valueOf(a)
            .multiply(BigInteger.valueOf(b))
            .divideAndRemainder(BigInteger.valueOf(d));
    return new long[] {qr[0].longValueExact(), qr[1].longValueExact()};
  }
}
