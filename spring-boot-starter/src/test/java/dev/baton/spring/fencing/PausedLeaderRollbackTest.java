// SPDX-License-Identifier: Apache-2.0
package dev.baton.spring.fencing;

import static dev.baton.spring.fencing.BillingService.RESOURCE;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import dev.baton.fencing.FencingToken;
import dev.baton.fencing.StaleTokenException;
import dev.baton.fencing.sql.SqlFence;
import dev.baton.recipes.BatonSession;
import dev.baton.spring.election.ElectionTerms;
import dev.baton.spring.fencing.BillingService.BillingRun;
import dev.baton.spring.fencing.BillingService.Row;
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
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.springframework.context.ConfigurableApplicationContext;

/**
 * The guarantee no lock-based scheduler gives, in one JVM: two Spring Boot applications of one
 * service on one ZooKeeper and one database; the leader's {@code @Transactional @Fenced} run writes
 * its row and then stalls inside its transaction while its session is expired on the server; the
 * other instance takes over and commits under a higher token, unhindered by the stalled
 * transaction; when the stalled run resumes, its commit fails with {@link StaleTokenException} and
 * its row is gone. Read in order, the table never shows a write under a lower token after one under
 * a higher token. ({@link PausedProcessRollbackTest} pauses a whole JVM instead.)
 */
class PausedLeaderRollbackTest {
  @RegisterExtension static final ZooKeeperServerExtension ZK = new ZooKeeperServerExtension();
  private static final Duration WAIT = Duration.ofSeconds(20);

  private final ExecutorService threads = Executors.newCachedThreadPool();
  private final List<ConfigurableApplicationContext> apps = new ArrayList<>();

  @AfterEach
  void stop() {
    threads.shutdownNow();
    apps.forEach(ConfigurableApplicationContext::close);
  }

  private ConfigurableApplicationContext instance(
      String name, String db, String runs, String fence, String path) {
    ConfigurableApplicationContext app =
        BillingService.start(
            BillingService.properties(ZK.connectString(), name, db, runs, fence, path));
    apps.add(app);
    return app;
  }

  @ParameterizedTest
  @ValueSource(strings = {"h2", "postgresql"})
  void aLeaderPausedPastItsSessionIsRolledBackAtCommit(String db) throws Exception {
    String runs = Databases.uniqueTable("paused_runs");
    String fence = Databases.uniqueTable("paused_fence");
    String path = "/baton-test/" + runs + "/billing";
    DataSource admin = BillingService.dataSource(db, runs);
    BillingService.createRuns(admin, runs);
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
      runA.stallNextRun(written::countDown, release);
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

      List<Row> rows = BillingService.rows(admin, runs);
      assertThat(rows)
          .containsExactly(
              new Row(tokenA.value(), "a"),
              new Row(tokenB.value(), "b"),
              new Row(tokenB.value(), "b"));
      BillingService.assertNoStaleWriteAfterANewerOne(rows);
      assertThat(b.getBean(SqlFence.class).highest(RESOURCE)).contains(tokenB);
    } finally {
      Databases.drop(admin, runs, fence);
    }
  }
}
