// SPDX-License-Identifier: Apache-2.0
package dev.baton.partition.strategy;

import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * A live member as an {@link AssignmentStrategy} sees it: its id (unique, not blank; the final
 * tie-breaker), relative capacity ({@value #MIN_WEIGHT} to {@value #MAX_WEIGHT}, default {@value
 * #DEFAULT_WEIGHT}) and failure zone or {@code null} (read only by zone-aware strategies).
 */
public record MemberProfile(String id, int weight, @Nullable String zone) {
  /** The smallest weight. */
  public static final int MIN_WEIGHT = 1;

  /** The largest weight. */
  public static final int MAX_WEIGHT = 10_000;

  /** The weight of {@link #of(String)}. */
  public static final int DEFAULT_WEIGHT = 1;

  /** Validates: {@link IllegalArgumentException} for a blank id or zone, or a bad weight. */
  public MemberProfile {
    Objects.requireNonNull(id, "id");
    if (id.isBlank()) {
      throw new IllegalArgumentException("member id must not be blank");
    }
    if (weight < MIN_WEIGHT || weight > MAX_WEIGHT) {
      throw new IllegalArgumentException(
          "weight of member %s must be between %s and %s, was %s"
              .formatted(id, MIN_WEIGHT, MAX_WEIGHT, weight));
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
