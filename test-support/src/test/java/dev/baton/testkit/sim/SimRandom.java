// SPDX-License-Identifier: Apache-2.0
package dev.baton.testkit.sim;

import java.util.List;
import java.util.UUID;

/** SplitMix64, written out so that a seed gives the same numbers on every JDK. Not thread-safe. */
public final class SimRandom {
  private static final long GOLDEN = 0x9E3779B97F4A7C15L;
  private long state;

  public SimRandom(long seed) {
    this.state = seed;
  }

  /** The next 64 random bits. */
  public long nextLong() {
    long z = (state += GOLDEN);
    z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
    z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
    return z ^ (z >>> 31);
  }

  /** Uniform in {@code [0, bound)}; {@code bound} must be positive. */
  public long nextLong(long bound) {
    if (bound <= 0) {
      throw new IllegalArgumentException("bound must be positive: " + bound);
    }
    long limit = Long.MAX_VALUE - Long.MAX_VALUE % bound; // reject the biased tail
    while (true) {
      long r = nextLong() >>> 1;
      if (r < limit) {
        return r % bound;
      }
    }
  }

  /** Uniform in {@code [0, bound)}; {@code bound} must be positive. */
  public int nextInt(int bound) {
    return (int) nextLong(bound);
  }

  /** Uniform in {@code [from, to]}. */
  public int between(int from, int to) {
    if (to < from) {
      throw new IllegalArgumentException("empty range " + from + ".." + to);
    }
    return from + (int) nextLong((long) to - from + 1);
  }

  /** Uniform in {@code [0, 1)}. */
  public double nextDouble() {
    return (nextLong() >>> 11) * 0x1.0p-53;
  }

  /** True with probability {@code p}. */
  public boolean chance(double p) {
    return nextDouble() < p;
  }

  /** One element of a non-empty list, uniformly. */
  public <T> T pick(List<T> list) {
    if (list.isEmpty()) {
      throw new IllegalArgumentException("nothing to pick from");
    }
    return list.get(nextInt(list.size()));
  }

  /** An independent stream, seeded from this one. */
  public SimRandom split() {
    return new SimRandom(nextLong());
  }

  /** A random (version 4) UUID from this stream. */
  public UUID uuid() {
    long hi = (nextLong() & ~0xF000L) | 0x4000L;
    long lo = (nextLong() & ~(0xC000000000000000L)) | 0x8000000000000000L;
    return new UUID(hi, lo);
  }
}
