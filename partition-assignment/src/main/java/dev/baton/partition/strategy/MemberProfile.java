// SPDX-License-Identifier: Apache-2.0
package dev.baton.partition.strategy;

import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * A live member as an {@link AssignmentStrategy} sees it: its id, its relative capacity and its
 * zone.
 *
 * @param id the member id, unique among the members of one assignment; not blank. It is also the
 *     value of the assignment map and the final tie-breaker wherever the strategy must choose
 * @param weight the member's relative capacity, from {@value #MIN_WEIGHT} to {@value #MAX_WEIGHT};
 *     {@value #DEFAULT_WEIGHT} by default. A member of weight 2 is meant to own twice as many
 *     partitions as a member of weight 1
 * @param zone the failure domain the member runs in (a rack, an availability zone), or {@code null}
 *     for none (the default). Only zone-aware strategies read it; members without a zone count as
 *     one zone of their own. Not blank when present
 */
public record MemberProfile(String id, int weight, @Nullable String zone) {
  /** The smallest weight. */
  public static final int MIN_WEIGHT = 1;

  /** The largest weight. */
  public static final int MAX_WEIGHT = 10_000;

  /** The weight of {@link #of(String)}. */
  public static final int DEFAULT_WEIGHT = 1;

  /**
   * Validates the fields.
   *
   * @throws NullPointerException if {@code id} is null
   * @throws IllegalArgumentException if {@code id} is blank, {@code weight} is outside {@value
   *     #MIN_WEIGHT}..{@value #MAX_WEIGHT} or {@code zone} is blank
   */
  public MemberProfile {
    Objects.requireNonNull(id, "id");
    if (id.isBlank()) {
      throw new IllegalArgumentException("member id must not be blank");
    }
    if (weight < MIN_WEIGHT || weight > MAX_WEIGHT) {
      throw new IllegalArgumentException(
          "weight of member "
              + id
              + " must be between "
              + MIN_WEIGHT
              + " and "
              + MAX_WEIGHT
              + ", was "
              + weight);
    }
    if (zone != null && zone.isBlank()) {
      throw new IllegalArgumentException(
          "zone of member " + id + " must be null (no zone) or not blank");
    }
  }

  /** A member of weight {@value #DEFAULT_WEIGHT} and no zone. */
  public static MemberProfile of(String id) {
    return new MemberProfile(id, DEFAULT_WEIGHT, null);
  }

  /** A member with the given weight and zone ({@code null}: no zone). */
  public static MemberProfile of(String id, int weight, @Nullable String zone) {
    return new MemberProfile(id, weight, zone);
  }
}
