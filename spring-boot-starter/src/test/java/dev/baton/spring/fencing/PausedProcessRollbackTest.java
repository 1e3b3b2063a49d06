// SPDX-License-Identifier: Apache-2.0
package dev.baton.spring.fencing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.baton.fencing.FencingToken;
import dev.baton.spring.election.ElectionTerms;
import dev.baton.spring.fencing.BillingService.BillingRun;
import dev.baton.spring.fencing.BillingService.Row;
import dev.baton.testkit.ChildJvm;
import dev.baton.testkit.ZooKeeperServerExtension;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import javax.sql.DataSource;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.springframework.context.ConfigurableApplicationContext;

/**
 * The paused leader with a real pause: the leader is a Spring Boot application in a child JVM on
 * PostgreSQL; its {@code @Transactional @Fenced} run writes its row, then the whole JVM is stopped
 * with SIGSTOP. Its session expires on the server by itself (no heartbeats), an instance in this
 * JVM takes over and commits with a higher token; after SIGCONT the child's transaction goes on to
 * its commit, which fails with {@code StaleTokenException}, and its row is gone.
 */
class PausedProcessRollbackTest {
  @RegisterExtension static final ZooKeeperServerExtension ZK = new ZooKeeperServerExtension();
  private static final Duration START = Duration.ofSeconds(90);
  private static final Duration WAIT = Duration.ofSeconds(30);

  private final ExecutorService threads = Executors.newCachedThreadPool();
  private ChildJvm child;
  private ConfigurableApplicationContext b;

  @AfterEach
  void stop() {
    threads.shutdownNow();
    if (b != null) {
      b.close();
    }
    if (child != null) {
      child.close();
    }
  }

  @Test
  void aLeaderWhoseJvmWasStoppedPastItsSessionIsRolledBackAtCommit() throws Exception {
    String runs = Databases.uniqueTable("sigstop_runs");
    String fence = Databases.uniqueTable("sigstop_fence");
    String path = "/baton-test/" + runs + "/billing";
    DataSource admin = BillingService.dataSource("postgresql", runs);
    BillingService.createRuns(admin, runs);
    try {
      child =
          ChildJvm.builder(PausedChildMain.class)
              .args(
                  BillingService.properties(
                      ZK.connectString(), "a", "postgresql", runs, fence, path))
              .errorsToOutput()
              .start();
      child.awaitLine("STARTED", 0, START);
      child.send("AWAIT-LEADER");
      FencingToken tokenA = FencingToken.parse(child.awaitLine("LEADER ", 0, WAIT).substring(7));
      child.send("RUN");
      assertThat(child.awaitLine("RAN ", 0, WAIT)).isEqualTo("RAN " + tokenA);

      b =
          BillingService.start(
              BillingService.properties(ZK.connectString(), "b", "postgresql", runs, fence, path));
      ElectionTerms electionsB = b.getBean(ElectionTerms.class);
      BillingRun runB = b.getBean(BillingRun.class);
      assertThat(runB.run()).as("the follower's run is skipped").isNull();

      child.send("RUN-STALLED");
      child.awaitLine("WRITTEN", 0, WAIT);
      child.pause(); // SIGSTOP: the whole JVM, its open transaction and its ZooKeeper client

      await().atMost(WAIT).until(() -> electionsB.isLeader("billing"));
      FencingToken tokenB = threads.submit(runB::run).get(15, TimeUnit.SECONDS);
      assertThat(tokenB.isNewerThan(tokenA)).isTrue();

      child.resume(); // SIGCONT
      child.send("GO");
      assertThat(child.awaitLine("RESULT ", 0, WAIT))
          .startsWith("RESULT StaleTokenException")
          .contains("presented " + tokenA)
          .contains("accepted " + tokenB);

      List<Row> rows = BillingService.rows(admin, runs);
      assertThat(rows).containsExactly(new Row(tokenA.value(), "a"), new Row(tokenB.value(), "b"));
      BillingService.assertNoStaleWriteAfterANewerOne(rows);
      child.send("EXIT");
      child.awaitLine("EXITED", 0, WAIT);
    } finally {
      Databases.drop(admin, runs, fence);
    }
  }
}
