// SPDX-License-Identifier: Apache-2.0
package dev.baton.partition;

import dev.baton.internal.SafeText;
import dev.baton.internal.StrictText;
import java.util.Iterator;
import java.util.SortedSet;
import java.util.TreeSet;

/**
 * Encodes a set of partition ids compactly as ranges ({@code 0-9,12,15-20}) and parses it back
 * defensively: ids must be canonical numbers in {@code [0, MAX_ID]}, ranges ascending and disjoint,
 * and the total size at most the caller's limit, checked before any range is expanded.
 */
final class Ranges {
  /** Largest partition id. */
  static final int MAX_ID = 999_999_999;

  private Ranges() {}

  static String encode(SortedSet<Integer> ids) {
    StringBuilder b = new StringBuilder();
    Iterator<Integer> it = ids.iterator();
    if (!it.hasNext()) {
      return "";
    }
    int start = it.next();
    int end = start;
    while (it.hasNext()) {
      int next = it.next();
      if (next == end + 1) {
        end = next;
        continue;
      }
      append(b, start, end);
      start = next;
      end = next;
    }
    append(b, start, end);
    return b.toString();
  }

  private static void append(StringBuilder b, int start, int end) {
    if (b.length() > 0) {
      b.append(',');
    }
    b.append(start);
    if (end != start) {
      b.append('-').append(end);
    }
  }

  /** Parses {@link #encode} output of at most {@code maxCount} ids (IllegalArgumentException). */
  static SortedSet<Integer> parse(String text, int maxCount) {
    TreeSet<Integer> ids = new TreeSet<>();
    if (text.isEmpty()) {
      return ids;
    }
    long count = 0;
    long previousEnd = -1;
    for (String part : text.split(",", -1)) {
      int dash = part.indexOf('-');
      int start = id(dash < 0 ? part : part.substring(0, dash));
      int end = dash < 0 ? start : id(part.substring(dash + 1));
      if (end < start) {
        throw new IllegalArgumentException("descending range " + part);
      }
      if (start <= previousEnd) {
        throw new IllegalArgumentException("ranges not ascending and disjoint at " + part);
      }
      count += (long) end - start + 1;
      if (count > maxCount) {
        throw new IllegalArgumentException("more than " + maxCount + " partitions");
      }
      for (int i = start; i <= end; i++) {
        ids.add(i);
      }
      previousEnd = end;
    }
    return ids;
  }

  /** A partition id, in canonical form like every number in a record. */
  private static int id(String s) {
    return (int)
        StrictText.number(
            s,
            MAX_ID,
            "it",
            problem ->
                new IllegalArgumentException(
                    "bad partition id " + SafeText.quoted(s, 40) + ": " + problem));
  }
}
