// SPDX-License-Identifier: Apache-2.0
package dev.baton.recipes.scheduler;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.baton.fencing.FencingToken;
import dev.baton.testkit.SqlTables;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;
import javax.sql.DataSource;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A claim lost while its handler runs: the worker's renewals fail for longer than the lease (the
 * database is unreachable for it), another worker takes the job over, and the next renewal finds
 * the claim lost. The handler is interrupted (it used to run on unaware), the loss is counted once,
 * and the handler's late completion is refused: the newer attempt's claim stands.
 */
class JobWorkerLostClaimTest {
  private static final Duration LEASE = Duration.ofSeconds(1);
  private static final Duration WITHIN = Duration.ofSeconds(10);

  /** The worker's view of the store, whose renewals can be cut (as by a lost connection). */
  private static final class CuttableStore extends ForwardingJobStore {
    final AtomicBoolean cut = new AtomicBoolean();

    CuttableStore(JobStore delegate) {
      super(delegate);
    }

    @Override
    public boolean renew(ScheduledJob claim) {
      if (cut.get()) {
        throw new IllegalStateException("renewals cut by the test");
      }
      return super.renew(claim);
    }
  }

  @ParameterizedTest
  @ValueSource(strings = {"h2", "postgresql"})
  void aLostClaimInterruptsTheHandlerAndItsLateCompletionIsRefused(String db) {
    String prefix = "lost_" + db + "_" + ProcessHandle.current().pid();
    DataSource ds = LeaderSchedulerTest.dataSource(db);
    SqlTables.drop(ds, prefix + "_jobs", prefix + "_progress", prefix + "_fence");
    SqlJobStore sql = SqlJobStore.create(ds, prefix, new ClaimConfig(LEASE, 5));
    sql.createSchema();
    FencingToken token = FencingToken.of("/s", 1);
    sql.registerTerm("s", token);
    sql.createSlotJob("s", token, 0, Instant.EPOCH, "t");
    CuttableStore store = new CuttableStore(sql);

    CountDownLatch started = new CountDownLatch(1);
    CountDownLatch interrupted = new CountDownLatch(1);
    AtomicReference<String> returnedOn = new AtomicReference<>();
    JobWorker worker =
        JobWorker.builder(
                store,
                "w1",
                job -> {
                  started.countDown();
                  try {
                    new CountDownLatch(1).await(); // a handler that honours interrupts
                  } catch (InterruptedException e) {
                    interrupted.countDown();
                  }
                  returnedOn.set(Thread.currentThread().getName()); // and returns "done" late
                })
            .pollInterval(Duration.ofMillis(20))
            .start();
    try {
      await().atMost(WITHIN).until(() -> started.getCount() == 0);
      store.cut.set(true);
      ScheduledJob takeover =
          await().atMost(WITHIN).until(() -> sql.claim("w2"), Optional::isPresent).orElseThrow();
      assertThat(takeover.attempts()).isEqualTo(2);
      assertThat(interrupted.getCount()).as("interrupted before a renewal saw the loss").isOne();
      store.cut.set(false);

      // w2 holds its claim meanwhile (renewing it, as its worker would)
      await()
          .atMost(WITHIN)
          .pollInterval(Duration.ofMillis(20))
          .until(
              () ->
                  sql.renew(takeover)
                      && interrupted.getCount() == 0
                      && returnedOn.get() != null
                      && worker.lostClaims() == 1);
      assertThat(sql.renew(takeover)).isTrue();
      assertThat(worker.interruptedHandlers()).isEqualTo(1);
      assertThat(worker.failures()).isZero();
      ScheduledJob job = sql.jobs("s").get(0);
      assertThat(job.status()).as("the late completion is refused").isEqualTo(ScheduledJob.RUNNING);
      assertThat(job.claimedBy()).contains("w2");
      assertThat(job.attempts()).isEqualTo(2);

      assertThat(sql.renew(takeover) && sql.complete(takeover)).isTrue();
      assertThat(sql.jobs("s").get(0).status()).isEqualTo(ScheduledJob.DONE);
      assertThat(worker.lostClaims()).as("counted once").isEqualTo(1);
    } finally {
      worker.close();
      SqlTables.drop(ds, prefix + "_jobs", prefix + "_progress", prefix + "_fence");
    }
  }
}
