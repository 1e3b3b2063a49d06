// SPDX-License-Identifier: Apache-2.0
package dev.baton.recipes.lease;

import static org.assertj.core.api.Assertions.assertThat;

import dev.baton.fencing.sql.SqlDialect;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;

/**
 * Many users creating the lease table at once on PostgreSQL, as the clients of a fresh deployment
 * do: PostgreSQL may answer a loser of {@code CREATE TABLE IF NOT EXISTS} with a duplicate key,
 * table or row type ({@code type "..." already exists}, 42710, seen once in about 50 races by the
 * chaos harness); none of them is a misshapen table. Probabilistic: without the fix this failed
 * within its first rounds, never with it.
 */
class LeaseSchemaRaceTest {
  @Test
  void concurrentCreatorsOfOneTableAllSucceed() throws Exception {
    int threads = 8;
    ExecutorService pool = Executors.newFixedThreadPool(threads);
    try {
      for (int round = 0; round < 20; round++) {
        String table = LeaseDatabase.uniqueTable();
        CyclicBarrier start = new CyclicBarrier(threads);
        List<Future<SqlDialect>> answers = new ArrayList<>();
        Callable<SqlDialect> prepare =
            () -> {
              start.await();
              return LeaseSchema.prepare(
                  LeaseDatabase.POSTGRESQL.dataSource(), LeaseDatabase.longLease(table));
            };
        for (int i = 0; i < threads; i++) {
          answers.add(pool.submit(prepare));
        }
        try {
          for (Future<SqlDialect> a : answers) {
            assertThat(a.get()).isEqualTo(SqlDialect.POSTGRESQL);
          }
        } finally {
          LeaseDatabase.POSTGRESQL.drop(table);
        }
      }
    } finally {
      pool.shutdownNow();
    }
  }
}
