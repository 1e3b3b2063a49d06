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
 * Orders candidate znodes by sequence across the counter's wrap-around, and decides what one
 * candidate does. Sequences are never compared as strings or signed ints (after the cversion wraps,
 * a new znode would sort before the leader and both would lead): on the 2^32 circle the queue
 * starts after the largest gap, the wrap point as live candidates span far fewer than 2^31.
 */
final class CandidateOrder {
  private static final long CIRCLE = 1L << 32;

  private CandidateOrder() {}

  /** Parses and orders children, the leader first; foreign names go to {@code ignored}. */
  public static List<CandidateName> order(Collection<String> children, Consumer<String> ignored) {
    return order(children, CandidateName::parse, ignored);
  }

  /** As {@link #order(Collection, Consumer)}, with {@code parser}; hot path: sorts primitives. */
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
      // Sequence high, index low; the flipped sign bit makes the signed sort an unsigned one.
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

  /** The outcome of {@link #decide}; {@code predecessor} is the entry to watch if FOLLOW. */
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
