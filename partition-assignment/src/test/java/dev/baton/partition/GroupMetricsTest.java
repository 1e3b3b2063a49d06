// SPDX-License-Identifier: Apache-2.0
package dev.baton.partition;

import static org.assertj.core.api.Assertions.assertThat;

import dev.baton.recipes.RevocationReason;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/** A member re-created with the same group and member id reports its own values, not stale ones. */
class GroupMetricsTest {
  private static final String GROUP = "/svc/consumers";
  private static final String MEMBER = "node-1";
  private final MeterRegistry registry = new SimpleMeterRegistry();

  private double gauge(String name) {
    return registry.get(name).tags("group", GROUP, "member", MEMBER).gauge().value();
  }

  private long batonMeters() {
    return registry.getMeters().stream()
        .filter(m -> m.getId().getName().startsWith("baton.partition."))
        .count();
  }

  @Test
  void aSecondInstanceWithTheSameTagsReportsItsOwnValuesBeforeAndAfterTheFirstCloses() {
    GroupMetrics first = new GroupMetrics(registry, GROUP, MEMBER);
    first.assigned(Duration.ofMillis(3));
    first.assigned(Duration.ofMillis(3));
    first.published(4, 2);
    GroupMetrics second = new GroupMetrics(registry, GROUP, MEMBER);
    second.assigned(null);
    second.published(11, 1);
    assertThat(gauge("baton.partition.owned")).isEqualTo(1);
    assertThat(gauge("baton.partition.generation")).isEqualTo(11);
    first.close();
    assertThat(gauge("baton.partition.owned"))
        .as("the second's value, after the first closed")
        .isEqualTo(1);
    assertThat(gauge("baton.partition.generation")).isEqualTo(11);
    assertThat(gauge("baton.partition.unowned")).isEqualTo(-1);
    second.unowned(3);
    assertThat(gauge("baton.partition.unowned")).isEqualTo(3);
    assertThat(registry.get("baton.partition.moves").tags("group", GROUP).counter().count())
        .isEqualTo(1);
    second.close();
    assertThat(batonMeters()).isZero();
  }

  @Test
  void anInstanceCreatedAfterTheFirstClosedRegistersFreshMeters() {
    GroupMetrics first = new GroupMetrics(registry, GROUP, MEMBER);
    first.assigned(null);
    first.malformedRecord();
    first.callbackFailed("assigned");
    first.close();
    assertThat(batonMeters()).as("the closed member's meters are gone").isZero();
    GroupMetrics second = new GroupMetrics(registry, GROUP, MEMBER);
    assertThat(gauge("baton.partition.owned")).isZero();
    second.assigned(null);
    second.assigned(null);
    second.revoked(RevocationReason.REASSIGNED);
    assertThat(gauge("baton.partition.owned")).isEqualTo(1);
    second.malformedRecord();
    assertThat(
            registry
                .get("baton.partition.malformed.records")
                .tags("member", MEMBER)
                .counter()
                .count())
        .isEqualTo(1);
    second.close();
    assertThat(batonMeters()).isZero();
  }

  @Test
  void closeIsIdempotentAndKeepsOtherMembersMeters() {
    GroupMetrics mine = new GroupMetrics(registry, GROUP, MEMBER);
    GroupMetrics other = new GroupMetrics(registry, GROUP, "node-2");
    other.assigned(null);
    mine.close();
    mine.close();
    mine.malformedRecord();
    assertThat(registry.get("baton.partition.owned").tags("member", "node-2").gauge().value())
        .isEqualTo(1);
    assertThat(registry.find("baton.partition.owned").tags("member", MEMBER).gauge()).isNull();
    assertThat(registry.find("baton.partition.malformed.records").tags("member", MEMBER).counter())
        .isNull();
    assertThat(mine.malformedRecords()).isEqualTo(1);
    other.close();
    assertThat(batonMeters()).isZero();
  }
}
