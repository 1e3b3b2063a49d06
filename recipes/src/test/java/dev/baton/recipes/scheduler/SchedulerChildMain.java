// SPDX-License-Identifier: Apache-2.0
package dev.baton.recipes.scheduler;

import dev.baton.recipes.BatonSession;
import dev.baton.recipes.SessionConfig;
import dev.baton.recipes.election.ElectionConfig;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import org.h2.jdbcx.JdbcDataSource;

/**
 * A scheduler instance in its own JVM. Arguments: ZooKeeper connect string, election path,
 * participant id, session timeout ms, H2 URL, table prefix, schedule name, interval ms. Prints
 * {@code STARTED} and, once per second, {@code STATS created=<n> rejected=<n> leader=<bool>}.
 */
public final class SchedulerChildMain {
  private SchedulerChildMain() {}

  public static void main(String[] args) throws InterruptedException {
    BatonSession session =
        BatonSession.start(
            SessionConfig.builder(args[0])
                .sessionTimeout(Duration.ofMillis(Long.parseLong(args[3])))
                .build());
    JdbcDataSource h2 = new JdbcDataSource();
    h2.setURL(args[4]);
    SimpleMeterRegistry meters = new SimpleMeterRegistry();
    LeaderScheduler scheduler =
        LeaderScheduler.create(
            session,
            ElectionConfig.builder(args[1]).participantId(args[2]).meterRegistry(meters).build(),
            ScheduleConfig.builder(args[6], Duration.ofMillis(Long.parseLong(args[7]))).build(),
            SqlJobStore.create(h2, args[5]));
    scheduler.start();
    System.out.println("STARTED");
    System.out.flush();
    while (true) {
      new CountDownLatch(1).await(1, java.util.concurrent.TimeUnit.SECONDS);
      System.out.println(
          "STATS at="
              + System.currentTimeMillis()
              + " created="
              + (long) meters.counter("baton.scheduler.jobs.created", "schedule", args[6]).count()
              + " rejected="
              + (long) meters.counter("baton.scheduler.stale.rejected", "schedule", args[6]).count()
              + " leader="
              + scheduler.election().isLeader());
      System.out.flush();
    }
  }
}
