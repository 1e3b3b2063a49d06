// SPDX-License-Identifier: Apache-2.0
package dev.baton.fencing.sql;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import dev.baton.fencing.FencingException;
import dev.baton.fencing.FencingToken;
import dev.baton.fencing.WriteOutcomeUnknownException;
import dev.baton.testkit.PostgresFixture;
import dev.baton.testkit.SqlTables;
import dev.baton.testkit.TcpProxy;
import java.net.URI;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import javax.sql.DataSource;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.postgresql.ds.PGSimpleDataSource;

/**
 * A fenced write whose COMMIT reached PostgreSQL but whose answer was lost is reported as {@link
 * WriteOutcomeUnknownException}, not as a {@link FencingException} (which says nothing was
 * committed). The COMMIT is held on the server by a deferred constraint trigger that waits for an
 * advisory lock the test holds; the writer's connection (through a {@link TcpProxy}) is cut while
 * it waits, then the lock is released and the transaction commits.
 */
class PostgresLostCommitTest {
  private static final Duration WAIT = Duration.ofSeconds(20);

  private final DataSource direct = PostgresFixture.dataSource();
  private final long pid = ProcessHandle.current().pid();
  private final String table = "baton_fence_lostcommit_" + pid;
  private final String log = table + "_log";
  private final int lockKey = (int) (pid % 1_000_000) + 7_000_000;
  private TcpProxy proxy;
  private ExecutorService pool;

  @BeforeEach
  void setUp() throws SQLException {
    SqlFenceSchema.create(direct, table);
    try (Connection c = direct.getConnection();
        Statement s = c.createStatement()) {
      s.execute("CREATE TABLE " + log + " (marker VARCHAR(64) NOT NULL)");
      s.execute(
          "CREATE OR REPLACE FUNCTION "
              + log
              + "_hold() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN PERFORM"
              + " pg_advisory_xact_lock("
              + lockKey
              + "); RETURN NULL; END $$");
      s.execute(
          "CREATE CONSTRAINT TRIGGER "
              + log
              + "_hold AFTER INSERT ON "
              + log
              + " DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "
              + log
              + "_hold()");
    }
    URI server = URI.create(PostgresFixture.url().substring("jdbc:".length()));
    proxy = TcpProxy.start(server.getHost(), server.getPort());
    pool = Executors.newSingleThreadExecutor();
  }

  @AfterEach
  void tearDown() throws SQLException {
    pool.shutdownNow();
    proxy.close();
    SqlTables.drop(direct, log, table);
    try (Connection c = direct.getConnection();
        Statement s = c.createStatement()) {
      s.execute("DROP FUNCTION IF EXISTS " + log + "_hold()");
    }
  }

  private DataSource throughProxy() {
    URI server = URI.create(PostgresFixture.url().substring("jdbc:".length()));
    PGSimpleDataSource ds = new PGSimpleDataSource();
    ds.setURL(
        "jdbc:postgresql://127.0.0.1:"
            + proxy.port()
            + server.getRawPath()
            + (server.getRawQuery() == null ? "" : "?" + server.getRawQuery()));
    return ds;
  }

  private long waitingForTheLock() throws SQLException {
    try (Connection c = direct.getConnection();
        PreparedStatement p =
            c.prepareStatement(
                "SELECT count(*) FROM pg_locks WHERE locktype = 'advisory' AND NOT granted"
                    + " AND classid = 0 AND objid = ?")) {
      p.setInt(1, lockKey);
      try (ResultSet rs = p.executeQuery()) {
        rs.next();
        return rs.getLong(1);
      }
    }
  }

  private long logged(String marker) throws SQLException {
    try (Connection c = direct.getConnection();
        PreparedStatement p =
            c.prepareStatement("SELECT count(*) FROM " + log + " WHERE marker = ?")) {
      p.setString(1, marker);
      try (ResultSet rs = p.executeQuery()) {
        rs.next();
        return rs.getLong(1);
      }
    }
  }

  @Test
  void aCommitWhoseAnswerWasLostIsAnUnknownOutcomeNotAFailure() throws Exception {
    SqlFence fence = SqlFence.create(throughProxy(), table, "writer");
    FencingToken token = FencingToken.of("/test/leader", 3);
    Future<Object> write;
    try (Connection holder = direct.getConnection()) {
      holder.setAutoCommit(false);
      try (Statement s = holder.createStatement()) {
        s.execute("SELECT pg_advisory_xact_lock(" + lockKey + ")");
      }
      write =
          pool.submit(
              () ->
                  fence.write(
                      "r",
                      token,
                      c -> {
                        try (Statement s = c.createStatement()) {
                          s.execute("INSERT INTO " + log + " (marker) VALUES ('w')");
                        }
                        return "written";
                      }));
      // The COMMIT is on the server, held by the trigger: cut the writer's connection now.
      await().atMost(WAIT).until(() -> waitingForTheLock() == 1);
      proxy.cut();
      assertThatThrownBy(() -> write.get(WAIT.toSeconds(), TimeUnit.SECONDS))
          .isInstanceOf(ExecutionException.class)
          .cause()
          .isNotInstanceOf(FencingException.class)
          .isInstanceOfSatisfying(
              WriteOutcomeUnknownException.class,
              e -> {
                assertThat(e.resource()).isEqualTo("r");
                assertThat(e.token()).contains(token);
              });
      holder.commit(); // releases the lock: the writer's transaction commits on the server
    }
    await().atMost(WAIT).until(() -> logged("w") == 1);
    assertThat(SqlFence.create(direct, table, "reader").highest("r")).isEqualTo(Optional.of(token));
  }
}
