// SPDX-License-Identifier: Apache-2.0
package dev.baton.recipes.scheduler;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.baton.testkit.ThreadDeaths;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;

/**
 * A worker survives an Error from a job (it ran under a scheduled executor that swallowed it and
 * stopped polling, with no log line); a VirtualMachineError stops it visibly, its thread's death
 * reaching the default uncaught-exception handler.
 */
class JobWorkerErrorTest {
  private static final Duration WITHIN = Duration.ofSeconds(10);

  @Test
  void anErrorFromAJobIsCountedAndTheNextJobStillRuns() {
    InMemoryJobStore store = new InMemoryJobStore();
    List<Long> ran = new CopyOnWriteArrayList<>();
    registerAndCreate(store, 3);
    try (JobWorker worker =
        JobWorker.start(
            store,
            "w1",
            job -> {
              ran.add(job.slot());
              if (job.slot() == 0) {
                throw new AssertionError("job 0 is broken");
              }
            },
            Duration.ofMillis(10))) {
      await().atMost(WITHIN).until(() -> ran.size() == 3);
      assertThat(worker.failures()).isEqualTo(1);
      assertThat(worker.fatalError()).isEmpty();
    }
  }

  @Test
  void aVirtualMachineErrorStopsTheWorkerVisibly() {
    InMemoryJobStore store = new InMemoryJobStore();
    List<Long> ran = new CopyOnWriteArrayList<>();
    registerAndCreate(store, 2);
    try (ThreadDeaths deaths = ThreadDeaths.record();
        JobWorker worker =
            JobWorker.start(
                store,
                "w2",
                job -> {
                  ran.add(job.slot());
                  throw new OutOfMemoryError("simulated");
                },
                Duration.ofMillis(10))) {
      await()
          .dontCatchUncaughtExceptions()
          .atMost(WITHIN)
          .until(() -> worker.fatalError().isPresent() && !deaths.deaths().isEmpty());
      assertThat(worker.fatalError().get()).isInstanceOf(OutOfMemoryError.class);
      assertThat(ran).hasSize(1);
      assertThat(deaths.deaths()).hasSize(1);
      assertThat(deaths.deaths().get(0).thread()).startsWith("baton-");
      assertThat(deaths.deaths().get(0).error()).isSameAs(worker.fatalError().get());
    }
  }

  private static void registerAndCreate(InMemoryJobStore store, int slots) {
    dev.baton.fencing.FencingToken token = dev.baton.fencing.FencingToken.of("/s", 1);
    store.registerTerm("s", token);
    for (int slot = 0; slot < slots; slot++) {
      store.createSlotJob("s", token, slot, java.time.Instant.EPOCH, "t");
    }
  }
}
