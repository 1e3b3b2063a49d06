// SPDX-License-Identifier: Apache-2.0
package dev.baton.recipes.lease;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.OptionalLong;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Twenty holders race for one election, on a fresh row (concurrent first inserts) and on a released
 * row (concurrent conditional updates): exactly one wins each round, with a higher token each time.
 */
class JdbcLeaseStoreRaceTest {
  private static final int HOLDERS = 20;
  private static final int ROUNDS = 8;

  private final String table = LeaseDatabase.uniqueTable();
  private final ExecutorService pool = Executors.newFixedThreadPool(HOLDERS);

  @AfterEach
  void cleanUp() throws InterruptedException {
    pool.shutdownNow();
    assertThat(pool.awaitTermination(30, TimeUnit.SECONDS)).isTrue();
    for (LeaseDatabase db : LeaseDatabase.values()) {
      db.drop(table);
    }
  }

  @ParameterizedTest
  @EnumSource(LeaseDatabase.class)
  void exactlyOneOfTwentyHoldersWinsEachRound(LeaseDatabase db) throws Exception {
    JdbcLeaseStore store = db.store(LeaseDatabase.longLease(table), "race");
    long previous = 0;
    for (int round = 0; round < ROUNDS; round++) {
      List<Win> wins = race(store);
      assertThat(wins).as("round %d", round).hasSize(1);
      Win win = wins.get(0);
      assertThat(win.token()).as("round %d", round).isGreaterThan(previous);
      assertThat(store.read().orElseThrow().holder()).isEqualTo(win.holder());
      assertThat(store.release(win.holder(), win.token())).isTrue();
      previous = win.token();
    }
    // each round's losers may have drawn values of the sequence they did not use
    assertThat(previous).isGreaterThanOrEqualTo(ROUNDS);
  }

  @ParameterizedTest
  @EnumSource(LeaseDatabase.class)
  void exactlyOneOfTwentyHoldersCreatesAFreshElection(LeaseDatabase db) throws Exception {
    long previous = 0;
    for (int round = 0; round < ROUNDS; round++) {
      JdbcLeaseStore store = db.store(LeaseDatabase.longLease(table), "fresh-" + round);
      List<Win> wins = race(store);
      assertThat(wins).as("round %d", round).hasSize(1);
      // the elections of one table draw from one sequence
      assertThat(wins.get(0).token()).as("round %d", round).isGreaterThan(previous);
      previous = wins.get(0).token();
      assertThat(store.read().orElseThrow().holder()).isEqualTo(wins.get(0).holder());
    }
  }

  private record Win(String holder, long token) {}

  private List<Win> race(JdbcLeaseStore store) throws Exception {
    CyclicBarrier start = new CyclicBarrier(HOLDERS);
    List<Future<OptionalLong>> results = new ArrayList<>();
    for (int i = 0; i < HOLDERS; i++) {
      String holder = "holder-" + i;
      results.add(
          pool.submit(
              () -> {
                start.await(30, TimeUnit.SECONDS);
                return store.acquire(holder);
              }));
    }
    List<Win> wins = new ArrayList<>();
    for (int i = 0; i < HOLDERS; i++) {
      OptionalLong token = results.get(i).get(60, TimeUnit.SECONDS);
      if (token.isPresent()) {
        wins.add(new Win("holder-" + i, token.getAsLong()));
      }
    }
    return wins;
  }
}
