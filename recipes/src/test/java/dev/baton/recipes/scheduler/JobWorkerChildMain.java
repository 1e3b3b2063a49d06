// SPDX-License-Identifier: Apache-2.0
package dev.baton.recipes.scheduler;

import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import javax.sql.DataSource;
import org.h2.jdbcx.JdbcDataSource;
import org.postgresql.ds.PGSimpleDataSource;

/**
 * A job worker in its own JVM whose jobs never end. Arguments: JDBC URL (H2 or PostgreSQL), table
 * prefix, worker id, claim lease ms. Prints {@code RUNNING <key> <attempt>} when a job starts.
 */
public final class JobWorkerChildMain {
  private JobWorkerChildMain() {}

  public static void main(String[] args) throws InterruptedException {
    DataSource ds;
    if (args[0].startsWith("jdbc:h2:")) {
      JdbcDataSource h2 = new JdbcDataSource();
      h2.setURL(args[0]);
      ds = h2;
    } else {
      PGSimpleDataSource pg = new PGSimpleDataSource();
      pg.setURL(args[0]);
      ds = pg;
    }
    SqlJobStore store =
        SqlJobStore.create(
            ds, args[1], new ClaimConfig(Duration.ofMillis(Long.parseLong(args[3])), 5));
    CountDownLatch never = new CountDownLatch(1);
    JobWorker.start(
        store,
        args[2],
        job -> {
          System.out.println("RUNNING " + job.scheduleKey() + " " + job.attempts());
          System.out.flush();
          JobWorkerCloseTest.awaitUninterruptibly(never);
        },
        Duration.ofMillis(20));
    System.out.println("STARTED");
    System.out.flush();
    never.await();
  }
}
