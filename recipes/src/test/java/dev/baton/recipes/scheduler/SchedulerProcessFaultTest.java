// SPDX-License-Identifier: Apache-2.0
package dev.baton.recipes.scheduler;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.baton.testkit.ChildJvm;
import dev.baton.testkit.ZooKeeperFixtures;
import java.time.Duration;
import java.util.List;
import org.apache.curator.test.TestingServer;
import org.h2.jdbcx.JdbcDataSource;
import org.h2.tools.Server;
import org.junit.jupiter.api.Test;

/**
 * Scheduler instances in their own JVMs: the leader is paused (SIGSTOP) past its session while a
 * successor takes over, then resumed, then the successor is killed with SIGKILL. Every slot's job
 * exists exactly once, none was skipped, and tokens never go back by slot: nothing the woken leader
 * tried after its successor registered was accepted.
 */
class SchedulerProcessFaultTest {
  private static final Duration WITHIN = Duration.ofSeconds(60);

  @Test
  void pausingAndKillingLeadersNeverDuplicatesOrSkipsASlot() throws Exception {
    Server h2 = Server.createTcpServer("-tcpPort", "0", "-ifNotExists").start();
    String run = "schedfault_" + ProcessHandle.current().pid();
    String url = "jdbc:h2:tcp://127.0.0.1:" + h2.getPort() + "/mem:" + run + ";DB_CLOSE_DELAY=-1";
    JdbcDataSource ds = new JdbcDataSource();
    ds.setURL(url);
    SqlJobStore store = SqlJobStore.create(ds, run);
    store.createSchema();
    String name = "nightly";
    try (TestingServer zk = ZooKeeperFixtures.startServer()) {
      String[] common = {
        zk.getConnectString(), "/baton-test/" + run, "", "2000", url, run, name, "50"
      };
      try (ChildJvm a = start("A", common)) {
        awaitLeader(a, 0);
        try (ChildJvm c = start("C", common)) {
          c.awaitLine("STATS", 0, WITHIN);
          awaitMoreJobs(store, name, 5);

          int cSeen = c.lines().size();
          a.pause();
          awaitLeader(c, cSeen);
          // If the pause caught A inside its fenced transaction, A holds the fence row's lock and
          // C's
          // first write waits for it: A's write was accepted before C's term registered, so it is
          // ordered first; C goes on once A's transaction ends. (A database that ends transactions
          // idle too long, e.g. PostgreSQL's idle_in_transaction_session_timeout, frees C sooner.)
          int aSeen = a.lines().size();
          a.resume();
          a.awaitLine("STATS", aSeen, WITHIN);
          awaitMoreJobs(store, name, 5);

          int aAfter = a.lines().size();
          c.kill();
          awaitLeader(a, aAfter);
          awaitMoreJobs(store, name, 5);
        }
      }
      List<ScheduledJob> jobs = store.jobs(name);
      JobChecks.assertExactlyOncePerSlotWithRisingTokens(jobs);
      assertThat(jobs.stream().map(ScheduledJob::token).distinct().count())
          .as("terms")
          .isGreaterThanOrEqualTo(3);
    } finally {
      h2.stop();
    }
  }

  private static ChildJvm start(String id, String[] common) {
    String[] args = common.clone();
    args[2] = id;
    return ChildJvm.start(SchedulerChildMain.class, args);
  }

  private static void awaitLeader(ChildJvm child, int skip) {
    child.awaitLine("STATS", skip, WITHIN);
    await()
        .atMost(WITHIN)
        .until(
            () ->
                child.lines().stream()
                    .skip(skip)
                    .anyMatch(l -> l.startsWith("STATS") && l.endsWith("leader=true")));
  }

  private static void awaitMoreJobs(SqlJobStore store, String name, int more) {
    int before = store.jobs(name).size();
    await().atMost(WITHIN).until(() -> store.jobs(name).size() >= before + more);
  }
}
