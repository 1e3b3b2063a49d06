// SPDX-License-Identifier: Apache-2.0
package dev.baton.spring.fencing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import dev.baton.fencing.FencingToken;
import dev.baton.fencing.StaleTokenException;
import dev.baton.fencing.sql.SqlFence;
import dev.baton.fencing.sql.SqlFenceSchema;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import javax.sql.DataSource;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.support.JdbcTransactionManager;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * {@link TransactionalFence} used directly, with tokens of any term (here a lock's), on H2 and
 * PostgreSQL: it joins TransactionTemplate transactions, refuses other transactions, and two first
 * writers of a new resource at the same moment both get a correct answer.
 */
class TransactionalFenceTest {
  private static final FencingToken T5 = FencingToken.of("/locks/ledger", 5);
  private static final FencingToken T7 = FencingToken.of("/locks/ledger", 7);

  private DataSource dataSource;
  private String fenceTable;
  private String data;

  private TransactionalFence setUp(String db) {
    dataSource = Databases.dataSource(db);
    fenceTable = Databases.uniqueTable("txfence");
    data = Databases.uniqueTable("ledger");
    SqlFenceSchema.create(dataSource, fenceTable);
    new JdbcTemplate(dataSource)
        .execute("CREATE TABLE " + data + " (token BIGINT NOT NULL, what VARCHAR(20) NOT NULL)");
    return new TransactionalFence(SqlFence.create(dataSource, fenceTable, null), dataSource);
  }

  @AfterEach
  void dropTables() {
    if (dataSource != null) {
      Databases.drop(dataSource, fenceTable, data);
    }
  }

  private TransactionTemplate transactions() {
    return new TransactionTemplate(new JdbcTransactionManager(dataSource));
  }

  private void insert(FencingToken token, String what) {
    new JdbcTemplate(dataSource)
        .update("INSERT INTO " + data + " (token, what) VALUES (?, ?)", token.value(), what);
  }

  private long rows() {
    return new JdbcTemplate(dataSource).queryForObject("SELECT COUNT(*) FROM " + data, Long.class);
  }

  @ParameterizedTest
  @ValueSource(strings = {"h2", "postgresql"})
  void aTransactionTemplateCommitsTheWriteWithTheCheck(String db) {
    TransactionalFence fence = setUp(db);
    transactions()
        .executeWithoutResult(
            status -> {
              fence.acceptAtCommit("ledger", T5);
              fence.acceptAtCommit("ledger", T5);
              insert(T5, "first");
            });
    assertThat(fence.highest("ledger")).contains(T5);
    assertThat(rows()).isEqualTo(1);
  }

  @ParameterizedTest
  @ValueSource(strings = {"h2", "postgresql"})
  void acceptNowRefusesAStaleTokenBeforeTheWork(String db) {
    TransactionalFence fence = setUp(db);
    transactions().executeWithoutResult(status -> fence.acceptNow("ledger", T7));
    assertThatThrownBy(
            () ->
                transactions()
                    .executeWithoutResult(
                        status -> {
                          insert(T5, "stale");
                          fence.acceptNow("ledger", T5);
                          insert(T5, "never");
                        }))
        .isInstanceOf(StaleTokenException.class);
    assertThat(rows()).isZero();
    assertThat(fence.highest("ledger")).contains(T7);
  }

  @Test
  void outsideATransactionOrOnAnotherDataSourceItRefuses() {
    TransactionalFence fence = setUp("h2");
    assertThatThrownBy(() -> fence.acceptAtCommit("ledger", T5))
        .isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("needs an active Spring-managed transaction");
    DataSource other = Databases.dataSource("h2");
    assertThatThrownBy(
            () ->
                new TransactionTemplate(new JdbcTransactionManager(other))
                    .executeWithoutResult(status -> fence.acceptAtCommit("ledger", T5)))
        .isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("not manage that DataSource");
    assertThat(fence.highest("ledger")).isEmpty();
  }

  @ParameterizedTest
  @ValueSource(strings = {"h2", "postgresql"})
  void twoFirstWritersOfANewResourceAreBothAnswered(String db) throws Exception {
    TransactionalFence fence = setUp(db);
    CountDownLatch firstInserted = new CountDownLatch(1);
    CountDownLatch commitFirst = new CountDownLatch(1);
    CompletableFuture<Void> first =
        CompletableFuture.runAsync(
            () ->
                transactions()
                    .executeWithoutResult(
                        status -> {
                          fence.acceptNow("ledger", T5); // inserts the fence row, uncommitted
                          insert(T5, "first");
                          firstInserted.countDown();
                          awaitLatch(commitFirst);
                        }));
    awaitLatch(firstInserted);
    CompletableFuture<Void> second =
        CompletableFuture.runAsync(
            () ->
                transactions()
                    .executeWithoutResult(
                        status -> {
                          fence.acceptAtCommit("ledger", T7);
                          insert(T7, "second");
                        }));
    await().atMost(Duration.ofSeconds(10)).until(() -> blocked(db) > 0);
    commitFirst.countDown();
    first.get(10, TimeUnit.SECONDS);
    second.get(10, TimeUnit.SECONDS); // retried against the first writer's row, accepted
    assertThat(fence.highest("ledger")).contains(T7);
    assertThat(rows()).isEqualTo(2);
  }

  /** Sessions whose insert into the fence table waits (for the first writer's commit). */
  private long blocked(String db) {
    String insert = "INSERT INTO " + fenceTable + "%";
    JdbcTemplate jdbc = new JdbcTemplate(dataSource);
    if (db.equals("postgresql")) {
      return jdbc.queryForObject(
          "SELECT COUNT(*) FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND query LIKE ?",
          Long.class,
          insert);
    }
    return jdbc.queryForObject(
        "SELECT COUNT(*) FROM information_schema.sessions WHERE executing_statement LIKE ?",
        Long.class,
        insert);
  }

  private static void awaitLatch(CountDownLatch latch) {
    try {
      if (!latch.await(20, TimeUnit.SECONDS)) {
        throw new IllegalStateException("a latch was not released");
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    }
  }
}
