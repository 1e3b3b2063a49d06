// SPDX-License-Identifier: Apache-2.0
package dev.baton.recipes.lease;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.time.Duration;
import java.time.Instant;
import java.util.Objects;
import java.util.OptionalLong;
import javax.sql.DataSource;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** The lease row's semantics, on real H2 and PostgreSQL. */
class JdbcLeaseStoreTest {
  private final String table = LeaseDatabase.uniqueTable();

  @AfterEach
  void dropTable() {
    for (LeaseDatabase db : LeaseDatabase.values()) {
      db.drop(table);
    }
  }

  @ParameterizedTest
  @EnumSource(LeaseDatabase.class)
  void firstAcquireGetsTokenOneAndTheNextHolderWaitsForExpiry(LeaseDatabase db) {
    JdbcLeaseStore store = db.store(LeaseDatabase.shortLease(table), "e1");
    assertThat(store.read()).isEmpty();

    assertThat(store.acquire("a")).isEqualTo(OptionalLong.of(1));
    assertThat(store.acquire("b")).isEmpty();
    LeaseRecord held = store.read().orElseThrow();
    assertThat(held.holder()).isEqualTo("a");
    assertThat(held.token()).isEqualTo(1);
    assertThat(held.live()).isTrue();

    awaitExpiry(store);
    assertThat(store.acquire("b")).isEqualTo(OptionalLong.of(2));
    assertThat(store.renew("a", 1)).isFalse();
    assertThat(store.renew("b", 2)).isTrue();
    LeaseRecord taken = store.read().orElseThrow();
    assertThat(taken.holder()).isEqualTo("b");
    assertThat(taken.token()).isEqualTo(2);
    assertThat(taken.live()).isTrue();
  }

  /**
   * The same holder may take its live row again (after an acquisition whose answer was lost), but
   * always with a new token: a token is never kept, so no edit of the row can make a candidate
   * resume a term.
   */
  @ParameterizedTest
  @EnumSource(LeaseDatabase.class)
  void theSameHolderTakesItsLiveRowAgainWithANewToken(LeaseDatabase db) {
    JdbcLeaseStore store = db.store(LeaseDatabase.longLease(table), "e1");
    assertThat(store.acquire("a")).isEqualTo(OptionalLong.of(1));
    assertThat(store.acquire("a")).isEqualTo(OptionalLong.of(2));
    assertThat(store.acquire("a")).isEqualTo(OptionalLong.of(3));
    assertThat(store.acquire("b")).isEmpty();
    assertThat(store.read().orElseThrow().token()).isEqualTo(3);
    assertThat(store.renew("a", 2)).isFalse();
    assertThat(store.renew("a", 3)).isTrue();
  }

  @ParameterizedTest
  @EnumSource(LeaseDatabase.class)
  void theSameHolderAfterItsLeaseExpiredStartsANewTerm(LeaseDatabase db) {
    JdbcLeaseStore store = db.store(LeaseDatabase.shortLease(table), "e1");
    assertThat(store.acquire("a")).isEqualTo(OptionalLong.of(1));
    awaitExpiry(store);
    assertThat(store.acquire("a")).isEqualTo(OptionalLong.of(2));
  }

  @ParameterizedTest
  @EnumSource(LeaseDatabase.class)
  void renewMovesTheExpiryForward(LeaseDatabase db) {
    JdbcLeaseStore store = db.store(LeaseDatabase.longLease(table), "e1");
    assertThat(store.acquire("a")).isEqualTo(OptionalLong.of(1));
    LeaseRecord before = store.read().orElseThrow();
    await()
        .atMost(Duration.ofSeconds(10))
        .untilAsserted(
            () -> {
              assertThat(store.renew("a", 1)).isTrue();
              LeaseRecord after = store.read().orElseThrow();
              assertThat(after.expiresAt()).isAfter(before.expiresAt());
              assertThat(after.renewedAt()).isAfter(before.renewedAt());
              assertThat(after.acquiredAt()).isEqualTo(before.acquiredAt());
              assertThat(after.token()).isEqualTo(1);
            });
  }

  @ParameterizedTest
  @EnumSource(LeaseDatabase.class)
  void renewIsRefusedToAnotherTermOrHolder(LeaseDatabase db) {
    JdbcLeaseStore store = db.store(LeaseDatabase.longLease(table), "e1");
    assertThat(store.acquire("a")).isEqualTo(OptionalLong.of(1));
    LeaseRecord before = store.read().orElseThrow();
    assertThat(store.renew("a", 2)).isFalse();
    assertThat(store.renew("a", 0)).isFalse();
    assertThat(store.renew("b", 1)).isFalse();
    assertThat(store.read().orElseThrow()).isEqualTo(withLive(before));
  }

  @ParameterizedTest
  @EnumSource(LeaseDatabase.class)
  void renewIsRefusedAfterExpiryEvenIfNobodyTookTheLease(LeaseDatabase db) {
    JdbcLeaseStore store = db.store(LeaseDatabase.shortLease(table), "e1");
    assertThat(store.acquire("a")).isEqualTo(OptionalLong.of(1));
    awaitExpiry(store);
    assertThat(store.renew("a", 1)).isFalse();
    LeaseRecord after = store.read().orElseThrow();
    assertThat(after.holder()).isEqualTo("a");
    assertThat(after.token()).isEqualTo(1);
    assertThat(after.live()).isFalse();
  }

  @ParameterizedTest
  @EnumSource(LeaseDatabase.class)
  void releaseClearsTheHolderAndTheNextTakesOverAtOnce(LeaseDatabase db) {
    JdbcLeaseStore store = db.store(LeaseDatabase.longLease(table), "e1");
    assertThat(store.acquire("a")).isEqualTo(OptionalLong.of(1));
    LeaseRecord held = store.read().orElseThrow();

    assertThat(store.release("b", 1)).isFalse();
    assertThat(store.release("a", 2)).isFalse();
    assertThat(store.read().orElseThrow()).isEqualTo(withLive(held));

    assertThat(store.release("a", 1)).isTrue();
    LeaseRecord released = store.read().orElseThrow();
    assertThat(released.holder()).isNull();
    assertThat(released.live()).isFalse();
    assertThat(released.token()).isEqualTo(1);
    assertThat(store.release("a", 1)).isFalse();

    assertThat(store.acquire("b")).isEqualTo(OptionalLong.of(2));
    assertThat(store.read().orElseThrow().holder()).isEqualTo("b");
  }

  /** Each acquisition begins a term: a new token and a new acquired_at, the same holder or not. */
  @ParameterizedTest
  @EnumSource(LeaseDatabase.class)
  void everyAcquisitionStartsANewTerm(LeaseDatabase db) {
    JdbcLeaseStore store = db.store(LeaseDatabase.longLease(table), "e1");
    assertThat(store.acquire("a")).isEqualTo(OptionalLong.of(1));
    LeaseRecord first = store.read().orElseThrow();

    awaitClockPast(store, "a", 1, first.acquiredAt());
    assertThat(store.acquire("a")).isEqualTo(OptionalLong.of(2));
    LeaseRecord again = store.read().orElseThrow();
    assertThat(again.acquiredAt()).isAfter(first.acquiredAt());
    assertThat(again.acquiredAt()).isEqualTo(again.renewedAt());

    awaitClockPast(store, "a", 2, again.acquiredAt());
    assertThat(store.release("a", 2)).isTrue();
    assertThat(store.acquire("b")).isEqualTo(OptionalLong.of(3));
    LeaseRecord taken = store.read().orElseThrow();
    assertThat(taken.holder()).isEqualTo("b");
    assertThat(taken.acquiredAt()).isAfter(again.acquiredAt());
  }

  /** On connections without auto-commit, the table and every write are committed. */
  @ParameterizedTest
  @EnumSource(LeaseDatabase.class)
  void manualCommitConnectionsCommitEveryCall(LeaseDatabase db) {
    LeaseConfig config = LeaseDatabase.longLease(table);
    DataSource manual = SessionDataSource.manualCommit(db.dataSource());
    JdbcLeaseStore store =
        new JdbcLeaseStore(manual, LeaseSchema.prepare(manual, config), config, "e1");
    LeaseConfig checkOnly = LeaseConfig.builder().table(table).createTable(false).build();
    JdbcLeaseStore observer = db.store(checkOnly, "e1");

    assertThat(store.acquire("a")).isEqualTo(OptionalLong.of(1));
    assertThat(observer.read().orElseThrow().holder()).isEqualTo("a");
    assertThat(store.renew("a", 1)).isTrue();
    assertThat(store.release("a", 1)).isTrue();
    assertThat(observer.read().orElseThrow().holder()).isNull();
    assertThat(store.read().orElseThrow().token()).isEqualTo(1);
  }

  private static void awaitExpiry(JdbcLeaseStore store) {
    await()
        .atMost(Duration.ofSeconds(15))
        .pollInterval(Duration.ofMillis(50))
        .until(() -> !store.read().orElseThrow().live());
  }

  /**
   * Waits until the database's clock has passed {@code t}: renews {@code holder}'s term until the
   * renewal's time is later.
   */
  private static void awaitClockPast(
      JdbcLeaseStore store, String holder, long token, @Nullable Instant t) {
    Instant after = Objects.requireNonNull(t, "time");
    await()
        .atMost(Duration.ofSeconds(10))
        .pollInterval(Duration.ofMillis(5))
        .untilAsserted(
            () -> {
              assertThat(store.renew(holder, token)).isTrue();
              assertThat(store.read().orElseThrow().renewedAt()).isAfter(after);
            });
  }

  private static LeaseRecord withLive(LeaseRecord r) {
    return new LeaseRecord(
        r.name(), r.holder(), r.token(), true, r.expiresAt(), r.acquiredAt(), r.renewedAt());
  }
}
