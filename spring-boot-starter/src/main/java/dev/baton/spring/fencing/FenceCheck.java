// SPDX-License-Identifier: Apache-2.0
package dev.baton.spring.fencing;

import dev.baton.fencing.FencingToken;
import java.util.Comparator;

/** One pending check: a resource and its token; ordered by resource, then token. */
record FenceCheck(String resource, FencingToken token) implements Comparable<FenceCheck> {
  private static final Comparator<FenceCheck> ORDER =
      Comparator.comparing(FenceCheck::resource).thenComparing(FenceCheck::token);

  @Override
  public int compareTo(FenceCheck other) {
    return ORDER.compare(this, other);
  }
}
