// SPDX-License-Identifier: Apache-2.0
package dev.baton.recipes.scheduler;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.baton.recipes.BatonSession;
import dev.baton.recipes.RevocationReason;
import dev.baton.recipes.SessionConfig;
import dev.baton.recipes.election.ElectionConfig;
import dev.baton.recipes.election.Leadership;
import dev.baton.recipes.election.LeadershipListener;
import dev.baton.testkit.ZooKeeperServerExtension;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * A listener for the scheduler's terms (users had to poll {@code election().leadership()}): elected
 * then revoked, exactly once each per term, in order, on the election's callback thread; the term
 * has begun scheduling when {@code elected} runs.
 */
class LeaderSchedulerListenerTest {
  @RegisterExtension static final ZooKeeperServerExtension ZK = new ZooKeeperServerExtension();
  private static final Duration WITHIN = Duration.ofSeconds(20);

  @Test
  void theListenerSeesEveryTermElectedThenRevokedOnTheCallbackThread() {
    InMemoryJobStore store = new InMemoryJobStore();
    List<String> events = new CopyOnWriteArrayList<>();
    List<String> threads = new CopyOnWriteArrayList<>();
    LeadershipListener listener =
        new LeadershipListener() {
          @Override
          public void elected(Leadership leadership) {
            threads.add(Thread.currentThread().getName());
            events.add("elected " + leadership.token().value());
          }

          @Override
          public void revoked(Leadership leadership, RevocationReason reason) {
            threads.add(Thread.currentThread().getName());
            events.add("revoked " + leadership.token().value() + " " + leadership.isActive());
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
              ElectionConfig.builder("/baton-test/scheduler-listener")
                  .participantId("solo")
                  .reentryJitter(Duration.ofMillis(50))
                  .build(),
              ScheduleConfig.builder("listened", Duration.ofMillis(20)).build(),
              store,
              listener);
      try (scheduler) {
        scheduler.start();
        await().atMost(WITHIN).until(() -> events.size() == 1);
        await().atMost(WITHIN).until(() -> store.jobs("listened").size() >= 2);
        scheduler.election().resign();
        await().atMost(WITHIN).until(() -> events.size() == 3);
      }
      await().atMost(WITHIN).until(() -> events.size() == 4);
    }
    assertThat(events.get(0)).startsWith("elected ");
    String first = events.get(0).substring("elected ".length());
    String second = events.get(2).substring("elected ".length());
    assertThat(events)
        .containsExactly(
            "elected " + first,
            "revoked " + first + " false",
            "elected " + second,
            "revoked " + second + " false");
    assertThat(Long.parseLong(second)).isGreaterThan(Long.parseLong(first));
    assertThat(threads).allSatisfy(t -> assertThat(t).startsWith("baton-election-callbacks-"));
    assertThat(store.jobs("listened").stream().map(ScheduledJob::token).distinct().count())
        .as("terms that scheduled")
        .isGreaterThanOrEqualTo(1);
  }
}
