// SPDX-License-Identifier: Apache-2.0
package dev.baton.recipes;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.function.Consumer;
import java.util.function.Function;
import org.jspecify.annotations.Nullable;

/**
 * Orders candidate znodes by their sequence, correctly across the counter's wrap-around, and
 * decides what one candidate must do. Pure: no ZooKeeper I/O, unit-tested without a server.
 *
 * <p>Sequences are never compared as strings, and never as plain signed ints: after the parent's
 * cversion wraps from {@code 2147483647} to {@code -2147483648}, a new znode would otherwise sort
 * before the sitting leader and both would lead. Instead the sequences are placed on the 2^32
 * circle and the queue starts after the largest gap between neighbours. All live candidates were
 * created within far fewer than 2^31 creates of each other, so that gap is the wrap point (or the
 * unused part of the circle) and the order is the creation order.
 */
final class CandidateOrder {
  private static final long CIRCLE = 1L << 32;

  private CandidateOrder() {}

  /**
   * Parses and orders children, first (the leader) first. Names that are not candidate znodes are
   * passed to {@code ignored} and left out.
   */
  public static List<CandidateName> order(Collection<String> children, Consumer<String> ignored) {
    return order(children, CandidateName::parse, ignored);
  }

  /**
   * As {@link #order(Collection, Consumer)}, with the given parser (for example a caching one).
   *
   * <p>It runs on the successor's way to leading, on every listing of up to thousands of children,
   * so it sorts primitive keys (the unsigned sequence, then the position in the parsed array)
   * rather than objects through a comparator; equal sequences, which ZooKeeper never gives two
   * children of one parent, are then ordered by name as before.
   */
  public static List<CandidateName> order(
      Collection<String> children,
      Function<String, Optional<CandidateName>> parser,
      Consumer<String> ignored) {
    CandidateName[] parsed = new CandidateName[children.size()];
    int n = 0;
    for (String child : children) {
      Optional<CandidateName> name = parser.apply(child);
      if (name.isPresent()) {
        parsed[n++] = name.get();
      } else {
        ignored.accept(child);
      }
    }
    CandidateName[] sorted = sortBySequence(parsed, n);
    int start = 0;
    long widest = -1;
    for (int i = 0; n > 1 && i < n; i++) {
      long here = sorted[i].unsignedSequence();
      long previous = sorted[(i + n - 1) % n].unsignedSequence();
      long gap = i == 0 ? here + CIRCLE - previous : here - previous;
      if (gap > widest) {
        widest = gap;
        start = i;
      }
    }
    List<CandidateName> ordered = new ArrayList<>(n);
    for (int i = 0; i < n; i++) {
      ordered.add(sorted[(start + i) % n]);
    }
    return ordered;
  }

  /** The first {@code n} of {@code parsed} by unsigned sequence, then by name. */
  private static CandidateName[] sortBySequence(CandidateName[] parsed, int n) {
    long[] keys = new long[n];
    for (int i = 0; i < n; i++) {
      // Sequence in the high half, index in the low half; flipping the sign bit makes the signed
      // sort of the keys their unsigned order.
      keys[i] = ((parsed[i].unsignedSequence() << 32) | i) ^ Long.MIN_VALUE;
    }
    Arrays.sort(keys);
    CandidateName[] sorted = new CandidateName[n];
    for (int i = 0; i < n; i++) {
      sorted[i] = parsed[(int) (keys[i] & 0xffffffffL)];
    }
    for (int i = 1; i < n; i++) {
      if (sorted[i].sequence() == sorted[i - 1].sequence()) {
        int from = i - 1;
        int to = i + 1;
        while (to < n && sorted[to].sequence() == sorted[from].sequence()) {
          to++;
        }
        Arrays.sort(sorted, from, to, Comparator.comparing(CandidateName::name));
        i = to - 1;
      }
    }
    return sorted;
  }

  /** Decides what the candidate whose znode is {@code myName} does, given the ordered queue. */
  public static Decision decide(String myName, List<CandidateName> ordered) {
    for (int i = 0; i < ordered.size(); i++) {
      if (ordered.get(i).name().equals(myName)) {
        return i == 0 ? Decision.lead() : Decision.follow(ordered.get(i - 1).name());
      }
    }
    return Decision.absent();
  }

  /**
   * The outcome of {@link #decide}.
   *
   * @param kind what to do
   * @param predecessor the entry to watch for {@link Kind#FOLLOW}, else null
   */
  public record Decision(Kind kind, @Nullable String predecessor) {
    /** What to do. */
    public enum Kind {
      /** First in the queue: lead. */
      LEAD,
      /** Watch {@link Decision#predecessor()}. */
      FOLLOW,
      /** The candidate's znode is not in the queue. */
      ABSENT
    }

    static Decision lead() {
      return new Decision(Kind.LEAD, null);
    }

    static Decision follow(String predecessor) {
      return new Decision(Kind.FOLLOW, predecessor);
    }

    static Decision absent() {
      return new Decision(Kind.ABSENT, null);
    }
  }
}
