// SPDX-License-Identifier: Apache-2.0
package dev.baton.partition;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.baton.partition.strategy.AssignmentStrategy;
import dev.baton.partition.strategy.MemberProfile;
import dev.baton.partition.strategy.StickyBalancedStrategy;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/** The pure parts of the assigner: grace periods and the checked rebalance. */
class GraceAndRebalanceTest {
  private static final Instant T0 = Instant.parse("2026-01-01T00:00:00Z");

  @Test
  void departedMemberIsAGhostUntilItsGraceEnds() {
    GraceTracker grace = new GraceTracker(Duration.ofSeconds(10));
    Set<String> assigned = Set.of("a", "b");
    assertThat(grace.ghosts(Set.of("a"), assigned, T0)).containsExactly("b");
    assertThat(grace.nextExpiry(T0)).contains(T0.plusSeconds(10));
    assertThat(grace.ghosts(Set.of("a"), assigned, T0.plusSeconds(9))).containsExactly("b");
    assertThat(grace.ghosts(Set.of("a"), assigned, T0.plusSeconds(10))).isEmpty();
    assertThat(grace.nextExpiry(T0.plusSeconds(10))).isEmpty();
  }

  @Test
  void returningMemberResetsItsGrace() {
    GraceTracker grace = new GraceTracker(Duration.ofSeconds(10));
    grace.ghosts(Set.of("a"), Set.of("a", "b"), T0);
    grace.ghosts(Set.of("a", "b"), Set.of("a", "b"), T0.plusSeconds(5)); // b is back
    assertThat(grace.ghosts(Set.of("a"), Set.of("a", "b"), T0.plusSeconds(12)))
        .containsExactly("b");
  }

  @Test
  void zeroGraceKeepsNoGhosts() {
    assertThat(new GraceTracker(Duration.ZERO).ghosts(Set.of("a"), Set.of("a", "b"), T0)).isEmpty();
  }

  @Test
  void rebalanceCountsMovesAndHandlesZeroPartitions() {
    TreeSet<Integer> ps = new TreeSet<>(List.of(0, 1, 2, 3));
    Rebalance.Result r =
        Rebalance.compute(
            new StickyBalancedStrategy(),
            ps,
            List.of(MemberProfile.of("a"), MemberProfile.of("b")),
            Map.of(0, "a", 1, "a", 2, "a", 3, "a"));
    assertThat(r.moved()).isEqualTo(2);
    assertThat(
            Rebalance.compute(
                    new StickyBalancedStrategy(),
                    new TreeSet<>(),
                    List.of(MemberProfile.of("a")),
                    Map.of())
                .owners())
        .isEmpty();
  }

  @Test
  void aStrategyThatBreaksTheContractIsRefused() {
    TreeSet<Integer> ps = new TreeSet<>(List.of(0, 1));
    List<MemberProfile> members = List.of(MemberProfile.of("a"));
    AssignmentStrategy drops = (p, m, prev) -> Map.of(0, "a");
    AssignmentStrategy stranger = (p, m, prev) -> Map.of(0, "a", 1, "zed");
    assertThatThrownBy(() -> Rebalance.compute(drops, ps, members, Map.of()))
        .hasMessageContaining("did not assign exactly");
    assertThatThrownBy(() -> Rebalance.compute(stranger, ps, members, Map.of()))
        .hasMessageContaining("not a member");
  }
}
