// SPDX-License-Identifier: Apache-2.0
package dev.baton.demo.worker;

import dev.baton.demo.DemoDefaults;
import dev.baton.recipes.scheduler.SqlJobStore;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import javax.sql.DataSource;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The demo's tables, created by every worker if missing: the job store's ({@link SqlJobStore#ddl},
 * whose fence also fences the results as {@code partition-<p>}), {@value #OFFSETS} (next offset per
 * partition) and {@value #RESULTS} (one row per processed event). Columns avoid names H2 reserves.
 */
public final class DemoTables {
  /** The fence table of jobs and results. */
  public static final String FENCE = DemoDefaults.TABLE_PREFIX + "_fence";

  /** The scheduler's jobs. */
  public static final String JOBS = DemoDefaults.TABLE_PREFIX + "_jobs";

  /** The scheduler's progress. */
  public static final String PROGRESS = DemoDefaults.TABLE_PREFIX + "_progress";

  /** The stream's committed offsets. */
  public static final String OFFSETS = DemoDefaults.TABLE_PREFIX + "_offsets";

  /** The stream's results. */
  public static final String RESULTS = DemoDefaults.TABLE_PREFIX + "_results";

  private static final Logger log = LoggerFactory.getLogger(DemoTables.class);
  private static final int ATTEMPTS = 6;

  private DemoTables() {}

  /** Every statement that creates the demo's tables, each {@code CREATE TABLE IF NOT EXISTS}. */
  public static List<String> ddl() {
    List<String> all = new ArrayList<>(SqlJobStore.ddl(DemoDefaults.TABLE_PREFIX));
    all.add(
        "CREATE TABLE IF NOT EXISTS "
            + OFFSETS
            + " (partition_id INT NOT NULL PRIMARY KEY, "
            + "next_offset BIGINT NOT NULL, worker VARCHAR(128) NOT NULL, token BIGINT NOT NULL, "
            + "updated_at TIMESTAMP NOT NULL)");
    all.add(
        "CREATE TABLE IF NOT EXISTS "
            + RESULTS
            + " (partition_id INT NOT NULL, "
            + "event_offset BIGINT NOT NULL, worker VARCHAR(128) NOT NULL, token BIGINT NOT NULL, "
            + "created_at TIMESTAMP NOT NULL, PRIMARY KEY (partition_id, event_offset))");
    return all;
  }

  /**
   * Creates the missing tables, retrying a statement that lost a race with another worker's.
   *
   * @throws SQLException if a statement still fails after the retries
   */
  public static void create(DataSource dataSource) throws SQLException, InterruptedException {
    for (String statement : ddl()) {
      for (int attempt = 1; ; attempt++) {
        try (Connection c = dataSource.getConnection();
            Statement s = c.createStatement()) {
          s.execute(statement);
          break;
        } catch (SQLException e) {
          if (attempt >= ATTEMPTS) {
            throw e;
          }
          log.info(
              "creating a demo table failed (attempt {} of {}, state {}), probably a concurrent "
                  + "creation; retrying: {}",
              attempt,
              ATTEMPTS,
              e.getSQLState(),
              e.getMessage());
          Thread.sleep(100L * attempt);
        }
      }
    }
  }
}
