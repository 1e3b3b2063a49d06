// SPDX-License-Identifier: Apache-2.0
package dev.baton.recipes.scheduler;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.baton.fencing.FencingToken;
import dev.baton.recipes.election.ElectionConfig;
import dev.baton.recipes.lease.LeaseBackend;
import dev.baton.recipes.lease.LeaseConfig;
import dev.baton.testkit.SqlTables;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import javax.sql.DataSource;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The leader-only scheduler unchanged on the lease backend, with the lease row, the fence and the
 * jobs in one database (H2, PostgreSQL): across resignations and instances closed and replaced,
 * every slot's job is created exactly once, none skipped, tokens never going back.
 */
class LeaseSchedulerTest {
  private static final AtomicInteger RUNS = new AtomicInteger();

  @ParameterizedTest
  @ValueSource(strings = {"h2", "postgresql"})
  void everySlotGetsExactlyOneJobAcrossLeaseHandovers(String storeName) throws Exception {
    int run = RUNS.incrementAndGet();
    String prefix = "lsched_" + storeName + "_" + run + "_" + ProcessHandle.current().pid();
    DataSource db = LeaderSchedulerTest.dataSource(storeName);
    SqlJobStore store = SqlJobStore.create(db, prefix);
    store.createSchema();
    LeaseBackend backend =
        LeaseBackend.create(
            db,
            LeaseConfig.builder()
                .table(prefix + "_lease")
                .leaseDuration(Duration.ofSeconds(3))
                .safetyMargin(Duration.ofMillis(500))
                .renewInterval(Duration.ofMillis(500))
                .renewTimeout(Duration.ofSeconds(1))
                .pollInterval(Duration.ofMillis(100))
                .build());
    String name = "report-" + run;
    ScheduleConfig schedule = ScheduleConfig.builder(name, Duration.ofMillis(40)).build();
    List<LeaderScheduler> instances = new ArrayList<>();
    int next = 0;
    try {
      for (; next < 3; next++) {
        instances.add(instance(backend, next, schedule, store));
      }
      for (int round = 0; round < 6; round++) {
        int before = store.jobs(name).size();
        await().atMost(Duration.ofSeconds(30)).until(() -> store.jobs(name).size() >= before + 3);
        LeaderScheduler leader =
            instances.stream().filter(i -> i.election().isLeader()).findFirst().orElse(null);
        if (leader == null) {
          continue;
        }
        if (round % 2 == 0) {
          leader.election().resign();
        } else {
          leader.close();
          instances.remove(leader);
          instances.add(instance(backend, next++, schedule, store));
        }
      }
      int settled = store.jobs(name).size();
      await().atMost(Duration.ofSeconds(30)).until(() -> store.jobs(name).size() >= settled + 3);
    } finally {
      instances.forEach(LeaderScheduler::close);
    }
    String scope = store.jobs(name).get(0).token().scope();
    store.registerTerm(name, FencingToken.of(scope, Long.MAX_VALUE)); // as LeaderSchedulerTest
    List<ScheduledJob> jobs = store.jobs(name);
    JobChecks.assertExactlyOncePerSlotWithRisingTokens(jobs);
    assertThat(jobs.stream().map(ScheduledJob::token).distinct().count())
        .as("terms that scheduled")
        .isGreaterThanOrEqualTo(4);
    assertThat(scope).isEqualTo("/lease-scheduler/" + prefix);
    SqlTables.drop(
        db, prefix + "_jobs", prefix + "_progress", prefix + "_fence", prefix + "_lease");
    SqlTables.dropSequences(db, prefix + "_lease_tokens");
  }

  private static LeaderScheduler instance(
      LeaseBackend backend, int n, ScheduleConfig schedule, JobStore store) {
    LeaderScheduler s =
        LeaderScheduler.create(
            backend,
            ElectionConfig.builder(
                    "/lease-scheduler/" + backend.config().table().replace("_lease", ""))
                .participantId("node-" + n)
                .build(),
            schedule,
            store,
            null);
    s.start();
    return s;
  }
}
