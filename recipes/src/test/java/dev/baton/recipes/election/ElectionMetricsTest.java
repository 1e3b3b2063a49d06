// SPDX-License-Identifier: Apache-2.0
package dev.baton.recipes.election;

import static org.assertj.core.api.Assertions.assertThat;

import dev.baton.recipes.RevocationReason;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/**
 * An election re-created with the same path and participant id reports its own values, not stale
 * ones.
 */
class ElectionMetricsTest {
  private static final String PATH = "/billing/leader";
  private static final String ID = "node-1";
  private final MeterRegistry registry = new SimpleMeterRegistry();

  private double gauge(String name) {
    return registry.get(name).tags("election", PATH, "participant", ID).gauge().value();
  }

  private double elected() {
    return registry
        .get("baton.election.elected")
        .tags("election", PATH, "participant", ID)
        .counter()
        .count();
  }

  private long batonMeters() {
    return registry.getMeters().stream()
        .filter(m -> m.getId().getName().startsWith("baton.election."))
        .count();
  }

  @Test
  void aSecondInstanceWithTheSameTagsReportsItsOwnValuesBeforeAndAfterTheFirstCloses() {
    ElectionMetrics first = new ElectionMetrics(registry, PATH, ID);
    first.elected(5, Duration.ofMillis(10));
    ElectionMetrics second = new ElectionMetrics(registry, PATH, ID);
    second.elected(9, Duration.ofMillis(10));
    second.paused();
    assertThat(gauge("baton.election.token")).isEqualTo(9);
    assertThat(gauge("baton.election.leader")).isZero();
    first.close();
    assertThat(gauge("baton.election.token"))
        .as("the second's token, after the first closed")
        .isEqualTo(9);
    assertThat(gauge("baton.election.leader")).isZero();
    second.resumed();
    assertThat(gauge("baton.election.leader")).isEqualTo(1);
    assertThat(elected()).as("the second's own count").isEqualTo(1);
    second.close();
    assertThat(batonMeters()).isZero();
  }

  @Test
  void anInstanceCreatedAfterTheFirstClosedRegistersFreshMeters() {
    ElectionMetrics first = new ElectionMetrics(registry, PATH, ID);
    first.elected(5, Duration.ofMillis(10));
    first.callbackFailed("elected");
    first.close();
    assertThat(batonMeters()).as("the closed election's meters are gone").isZero();
    ElectionMetrics second = new ElectionMetrics(registry, PATH, ID);
    assertThat(gauge("baton.election.token")).isZero();
    second.elected(7, Duration.ofMillis(10));
    assertThat(gauge("baton.election.token")).isEqualTo(7);
    assertThat(gauge("baton.election.leader")).isEqualTo(1);
    second.revoked(RevocationReason.SESSION_LOST);
    assertThat(gauge("baton.election.leader")).isZero();
    second.close();
  }

  @Test
  void closeIsIdempotentAndKeepsOtherElectionsMeters() {
    ElectionMetrics mine = new ElectionMetrics(registry, PATH, ID);
    ElectionMetrics other = new ElectionMetrics(registry, "/other/leader", ID);
    other.elected(3, Duration.ZERO);
    mine.close();
    mine.close();
    mine.callbackFailed("revoked");
    assertThat(
            registry.get("baton.election.token").tags("election", "/other/leader").gauge().value())
        .isEqualTo(3);
    assertThat(registry.find("baton.election.token").tags("election", PATH).gauge()).isNull();
    assertThat(registry.find("baton.election.callback.failures").tags("election", PATH).counter())
        .isNull();
    assertThat(mine.callbackFailures()).isEqualTo(1);
    other.close();
    assertThat(batonMeters()).isZero();
  }

  @Test
  void withTheRegistryNoneNothingIsRegisteredAndTheCountsAreKept() {
    ElectionMetrics none = new ElectionMetrics(ElectionMetrics.NONE, PATH, ID);
    none.elected(5, Duration.ofMillis(10));
    none.callbackFailed("elected");
    none.revoked(RevocationReason.CLOSED);
    assertThat(ElectionMetrics.NONE.getMeters()).isEmpty();
    assertThat(none.callbackFailures()).isEqualTo(1);
    none.close();
    ElectionMetrics real = new ElectionMetrics(registry, PATH, ID);
    real.callbackFailed("elected");
    assertThat(real.callbackFailures()).isEqualTo(1);
    assertThat(batonMeters()).isPositive();
    real.close();
  }
}
