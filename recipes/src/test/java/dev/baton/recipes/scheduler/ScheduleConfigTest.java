// SPDX-License-Identifier: Apache-2.0
package dev.baton.recipes.scheduler;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.baton.fencing.FencingToken;
import dev.baton.fencing.StaleTokenException;
import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.Test;

/** Schedule arithmetic, validation, and the in-memory store's rules (no server needed). */
class ScheduleConfigTest {
  @Test
  void slotsAreFixedIntervalsFromTheFirstSlot() {
    ScheduleConfig c =
        ScheduleConfig.builder("hourly", Duration.ofHours(1))
            .firstSlotAt(Instant.parse("2026-01-01T00:00:00Z"))
            .build();
    assertThat(c.slotStart(0)).isEqualTo(Instant.parse("2026-01-01T00:00:00Z"));
    assertThat(c.slotStart(25)).isEqualTo(Instant.parse("2026-01-02T01:00:00Z"));
    assertThat(c.slotAt(Instant.parse("2026-01-02T01:59:59Z"))).isEqualTo(25);
    assertThat(c.slotAt(Instant.parse("2025-12-31T23:00:00Z"))).isEqualTo(-1);
    assertThat(c.jobType()).isEqualTo("hourly");
  }

  @Test
  void rejectsInvalidSchedules() {
    assertThatThrownBy(() -> ScheduleConfig.builder("bad name", Duration.ofSeconds(1)).build())
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("schedule name");
    assertThatThrownBy(() -> ScheduleConfig.builder("ok", Duration.ZERO).build())
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("interval");
    assertThatThrownBy(
            () -> ScheduleConfig.builder("ok", Duration.ofSeconds(1)).jobType(" ").build())
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("jobType");
    assertThatThrownBy(() -> SqlJobStore.create(new org.h2.jdbcx.JdbcDataSource(), "bad-prefix"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("prefix");
  }

  @Test
  void theInMemoryStoreCreatesEachSlotOnceInOrderAndFencesStaleTerms() {
    InMemoryJobStore store = new InMemoryJobStore();
    FencingToken t1 = FencingToken.of("/s", 10);
    FencingToken t2 = FencingToken.of("/s", 20);
    Instant at = Instant.EPOCH;
    store.registerTerm("s", t1);
    assertThat(store.createSlotJob("s", t1, 0, at, "job")).isTrue();
    assertThat(store.createSlotJob("s", t1, 0, at, "job")).as("idempotent").isFalse();
    assertThatThrownBy(() -> store.createSlotJob("s", t1, 2, at, "job"))
        .isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("skip");
    store.registerTerm("s", t2);
    assertThatThrownBy(() -> store.createSlotJob("s", t1, 1, at, "job"))
        .isInstanceOf(StaleTokenException.class);
    assertThat(store.createSlotJob("s", t2, 1, at, "job")).isTrue();
    assertThat(store.lastScheduledSlot("s")).isEqualTo(1);
    ScheduledJob claim = store.claim("w").orElseThrow();
    assertThat(claim.slot()).isZero();
    assertThat(store.complete(claim)).isTrue();
    assertThat(store.complete(claim)).as("completed already").isFalse();
    ScheduledJob unclaimed = store.jobs("s").get(1);
    assertThatThrownBy(() -> store.complete(unclaimed))
        .isInstanceOf(IllegalArgumentException.class);
    JobChecks.assertExactlyOncePerSlotWithRisingTokens(store.jobs("s"));
  }
}
