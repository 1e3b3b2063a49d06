// SPDX-License-Identifier: Apache-2.0
package dev.baton.spring.fencing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import dev.baton.fencing.FencingToken;
import dev.baton.fencing.StaleTokenException;
import dev.baton.fencing.sql.SqlFence;
import dev.baton.recipes.BatonSession;
import dev.baton.spring.election.ElectionTerms;
import dev.baton.spring.leader.CurrentTerm;
import dev.baton.spring.leader.LeaderOnly;
import dev.baton.testkit.PostgresFixture;
import dev.baton.testkit.SessionExpirer;
import dev.baton.testkit.ZooKeeperServerExtension;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import javax.sql.DataSource;
import org.h2.jdbcx.JdbcDataSource;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.springframework.boot.Banner;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.env.Environment;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.transaction.annotation.Transactional;

/**
 * The guarantee no lock-based scheduler gives: two application contexts of one service on one
 * ZooKeeper and one database; the leader's {@code @Transactional @Fenced} method writes its row and
 * then stalls (the pause) while its session expires on the server; the other instance takes over
 * and commits under a higher token, unhindered by the stalled transaction; when the stalled one
 * resumes, its commit fails with {@link StaleTokenException} and its row is gone. Read in order,
 * the table never shows a write under a lower token after one under a higher token.
 */
class PausedLeaderRollbackTest {
  @RegisterExtension static final ZooKeeperServerExtension ZK = new ZooKeeperServerExtension();
  private static final Duration WAIT = Duration.ofSeconds(20);
  private static final String RESOURCE = "billing-run";

  private final ExecutorService threads = Executors.newCachedThreadPool();
  private final List<ConfigurableApplicationContext> apps = new ArrayList<>();

  @AfterEach
  void stopThreads() {
    threads.shutdownNow();
  }

  /** The service: one fenced run writes one row with its token and instance. */
  static class BillingRun {
    private final JdbcTemplate jdbc;
    private final CurrentTerm currentTerm;
    private final String table;
    private final String instance;
    private volatile CountDownLatch written;
    private volatile CountDownLatch release;

    BillingRun(JdbcTemplate jdbc, CurrentTerm currentTerm, String table, String instance) {
      this.jdbc = jdbc;
      this.currentTerm = currentTerm;
      this.table = table;
      this.instance = instance;
    }

    /** Makes the next run stall after its write: counts {@code written} down, awaits release. */
    public void stallNextRun(CountDownLatch written, CountDownLatch release) {
      this.written = written;
      this.release = release;
    }

    @LeaderOnly("billing")
    @Transactional
    @Fenced(resource = RESOURCE)
    public FencingToken run() throws InterruptedException {
      FencingToken token = currentTerm.token();
      jdbc.update(
          "INSERT INTO " + table + " (token, instance) VALUES (?, ?)", token.value(), instance);
      CountDownLatch stalled = release;
      if (stalled != null) {
        release = null;
        written.countDown();
        if (!stalled.await(60, TimeUnit.SECONDS)) {
          throw new IllegalStateException("the stalled run was never released");
        }
      }
      return token;
    }
  }

  /** The service, as a user writes it: auto-configuration, a data source and the job. */
  @Configuration(proxyBeanMethods = false)
  @EnableAutoConfiguration
  static class App {
    @Bean
    DataSource dataSource(Environment environment) {
      return PausedLeaderRollbackTest.dataSource(
          environment.getRequiredProperty("test.db"),
          environment.getRequiredProperty("test.table"));
    }

    @Bean
    BillingRun billingRun(JdbcTemplate jdbc, CurrentTerm currentTerm, Environment environment) {
      return new BillingRun(
          jdbc,
          currentTerm,
          environment.getRequiredProperty("test.table"),
          environment.getRequiredProperty("test.instance"));
    }
  }

  private record Row(long token, String instance) {}

  /** Starts one instance of the service; the caller closes it. */
  private ConfigurableApplicationContext instance(
      String name, String db, String runs, String fence, String path) {
    ConfigurableApplicationContext app =
        new SpringApplicationBuilder(App.class)
            .web(WebApplicationType.NONE)
            .bannerMode(Banner.Mode.OFF)
            .logStartupInfo(false)
            .registerShutdownHook(false)
            .properties(
                "baton.connect-string=" + ZK.connectString(),
                "baton.session-timeout=4s",
                "baton.connection-timeout=2s",
                "baton.instance-id=" + name,
                "baton.election.billing.path=" + path,
                "baton.fence.table=" + fence,
                "baton.fence.create-schema=always",
                "test.db=" + db,
                "test.table=" + runs,
                "test.instance=" + name)
            .run();
    apps.add(app);
    return app;
  }

  /** A data source on the test database, as each instance of the service has its own. */
  static DataSource dataSource(String db, String name) {
    if (db.equals("postgresql")) {
      return PostgresFixture.dataSource();
    }
    JdbcDataSource h2 = new JdbcDataSource();
    h2.setURL("jdbc:h2:mem:" + name + ";DB_CLOSE_DELAY=-1;LOCK_TIMEOUT=10000");
    return h2;
  }

  @ParameterizedTest
  @ValueSource(strings = {"h2", "postgresql"})
  void aLeaderPausedPastItsSessionIsRolledBackAtCommit(String db) throws Exception {
    String runs = Databases.uniqueTable("paused_runs");
    String fence = Databases.uniqueTable("paused_fence");
    String path = "/baton-test/" + runs + "/billing";
    DataSource admin = dataSource(db, runs);
    JdbcTemplate jdbc = new JdbcTemplate(admin);
    jdbc.execute(
        "CREATE TABLE "
            + runs
            + " (id BIGINT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,"
            + " token BIGINT NOT NULL, instance VARCHAR(20) NOT NULL)");
    try {
      ConfigurableApplicationContext a = instance("a", db, runs, fence, path);
      ElectionTerms electionsA = a.getBean(ElectionTerms.class);
      await().atMost(WAIT).until(() -> electionsA.isLeader("billing"));
      BillingRun runA = a.getBean(BillingRun.class);
      FencingToken tokenA = runA.run(); // a first, ordinary run

      ConfigurableApplicationContext b = instance("b", db, runs, fence, path);
      ElectionTerms electionsB = b.getBean(ElectionTerms.class);
      BillingRun runB = b.getBean(BillingRun.class);
      assertThat(runB.run()).as("the follower's run is skipped").isNull();

      // A writes its row and stalls inside the transaction.
      CountDownLatch written = new CountDownLatch(1);
      CountDownLatch release = new CountDownLatch(1);
      runA.stallNextRun(written, release);
      Future<FencingToken> stalled = threads.submit(runA::run);
      assertThat(written.await(10, TimeUnit.SECONDS)).isTrue();

      // Its session expires on the server; B takes over and commits, not waiting for A.
      SessionExpirer.expireOnServer(
          a.getBean(BatonSession.class).curator(), Duration.ofSeconds(10));
      await().atMost(WAIT).until(() -> electionsB.isLeader("billing"));
      FencingToken tokenB = threads.submit(runB::run).get(15, TimeUnit.SECONDS);
      assertThat(tokenB.isNewerThan(tokenA)).isTrue();
      assertThat(stalled).isNotDone();

      // A resumes: its commit is rejected and its write rolled back.
      release.countDown();
      assertThatThrownBy(() -> stalled.get(15, TimeUnit.SECONDS))
          .isInstanceOf(ExecutionException.class)
          .cause()
          .isInstanceOfSatisfying(
              StaleTokenException.class,
              e -> {
                assertThat(e.presented()).isEqualTo(tokenA);
                assertThat(e.current()).contains(tokenB);
              });
      assertThat(runB.run()).isEqualTo(tokenB);

      List<Row> rows =
          jdbc.query(
              "SELECT token, instance FROM " + runs + " ORDER BY id",
              (rs, i) -> new Row(rs.getLong(1), rs.getString(2)));
      assertThat(rows)
          .containsExactly(
              new Row(tokenA.value(), "a"),
              new Row(tokenB.value(), "b"),
              new Row(tokenB.value(), "b"));
      assertNoStaleWriteAfterANewerOne(rows);
      assertThat(b.getBean(SqlFence.class).highest(RESOURCE)).contains(tokenB);
    } finally {
      apps.forEach(ConfigurableApplicationContext::close);
      Databases.drop(admin, runs, fence);
    }
  }

  private static void assertNoStaleWriteAfterANewerOne(List<Row> rows) {
    long highest = -1;
    for (Row row : rows) {
      assertThat(row.token())
          .as("row %s after a write under token %d", row, highest)
          .isGreaterThanOrEqualTo(highest);
      highest = row.token();
    }
  }
}
