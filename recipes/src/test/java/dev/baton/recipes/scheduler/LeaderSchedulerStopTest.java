// SPDX-License-Identifier: Apache-2.0
package dev.baton.recipes.scheduler;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.baton.fencing.FencingToken;
import dev.baton.recipes.BatonSession;
import dev.baton.recipes.RevocationReason;
import dev.baton.recipes.SessionConfig;
import dev.baton.recipes.election.ElectionConfig;
import dev.baton.recipes.election.Leadership;
import dev.baton.recipes.election.LeadershipListener;
import dev.baton.testkit.ZooKeeperServerExtension;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * A term's last write lands before {@code revoked}: a write already sent to the store is not
 * stopped by the interrupt that ends the scheduling (JDBC writes are not interruptible), so the
 * scheduler waits for it before it reports the term over, and a voluntary handover puts the old
 * term's last write before the new term's first.
 */
class LeaderSchedulerStopTest {
  @RegisterExtension static final ZooKeeperServerExtension ZK = new ZooKeeperServerExtension();
  private static final Duration WITHIN = Duration.ofSeconds(20);

  /**
   * A store whose second job write, like a JDBC statement, does not stop when interrupted: it
   * finishes once the interrupt came and then either {@code revoked} was reported or two seconds
   * passed, so a {@code revoked} that does not wait for it is reported first.
   */
  private static final class UninterruptibleStore extends ForwardingJobStore {
    final CountDownLatch writing = new CountDownLatch(1);
    final CountDownLatch revoked = new CountDownLatch(1);
    final List<String> events = new CopyOnWriteArrayList<>();
    final AtomicInteger writes = new AtomicInteger();

    UninterruptibleStore() {
      super(new InMemoryJobStore());
    }

    @Override
    public boolean createSlotJob(
        String schedule, FencingToken token, long slot, Instant slotStart, String jobType) {
      if (writes.incrementAndGet() == 2) {
        writing.countDown();
        boolean interrupted = false;
        while (!interrupted) {
          try {
            new CountDownLatch(1).await();
          } catch (InterruptedException e) {
            interrupted = true; // the term ended; the statement is already on its way
          }
        }
        try {
          revoked.await(2, TimeUnit.SECONDS); // an event that must not come before the write
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
        }
        boolean created = super.createSlotJob(schedule, token, slot, slotStart, jobType);
        events.add("second write done");
        Thread.currentThread().interrupt(); // as a JDBC driver that noticed it
        return created;
      }
      return super.createSlotJob(schedule, token, slot, slotStart, jobType);
    }
  }

  @Test
  void revokedComesAfterTheTermsLastWriteLanded() {
    UninterruptibleStore store = new UninterruptibleStore();
    LeadershipListener listener =
        new LeadershipListener() {
          @Override
          public void elected(Leadership leadership) {}

          @Override
          public void revoked(Leadership leadership, RevocationReason reason) {
            store.events.add("revoked");
            store.revoked.countDown();
          }
        };
    try (BatonSession session =
        BatonSession.start(
            SessionConfig.builder(ZK.connectString())
                .sessionTimeout(Duration.ofSeconds(3))
                .build())) {
      LeaderScheduler scheduler =
          LeaderScheduler.create(
              session,
              ElectionConfig.builder("/baton-test/scheduler-stop")
                  .participantId("solo")
                  .callbackDrainTimeout(Duration.ofSeconds(10))
                  .build(),
              ScheduleConfig.builder("stopping", Duration.ofMillis(50)).build(),
              store,
              listener);
      try (scheduler) {
        scheduler.start();
        await().atMost(WITHIN).until(() -> store.writing.getCount() == 0);
      }
      await().atMost(WITHIN).until(() -> store.events.size() == 2);
    }
    assertThat(store.events).containsExactly("second write done", "revoked");
    assertThat(store.jobs("stopping")).hasSize(2);
  }
}
