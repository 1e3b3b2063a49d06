// SPDX-License-Identifier: Apache-2.0
package dev.baton.spring.leader;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.baton.fencing.FencingToken;
import dev.baton.spring.autoconfigure.BatonLeaderOnlyAutoConfiguration;
import dev.baton.testkit.ZooKeeperServerExtension;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.scheduling.annotation.EnableScheduling;
import org.springframework.scheduling.annotation.Scheduled;

/**
 * A {@code @Scheduled @LeaderOnly} method in two application contexts of one service: only the
 * leader's runs, and when the leader's context closes the other takes over with a higher token.
 */
class LeaderOnlyScheduledTest {
  @RegisterExtension static final ZooKeeperServerExtension ZK = new ZooKeeperServerExtension();
  private static final Duration WAIT = Duration.ofSeconds(20);
  private static final String PATH = "/baton-test/leader-only-scheduled";

  /** The scheduled job: records the token of every run. */
  static class Ticker {
    private final CurrentTerm currentTerm;
    private final List<FencingToken> tokens = new CopyOnWriteArrayList<>();

    Ticker(CurrentTerm currentTerm) {
      this.currentTerm = currentTerm;
    }

    @Scheduled(fixedDelay = 20)
    @LeaderOnly("billing")
    public void tick() {
      tokens.add(currentTerm.token());
    }

    public List<FencingToken> tokens() {
      return tokens;
    }
  }

  @Configuration(proxyBeanMethods = false)
  @EnableScheduling
  static class Service {
    @Bean
    Ticker ticker(CurrentTerm currentTerm) {
      return new Ticker(currentTerm);
    }

    @Bean
    MeterRegistry meterRegistry() {
      return new SimpleMeterRegistry();
    }
  }

  private static ApplicationContextRunner instance(String participant) {
    return new ApplicationContextRunner()
        .withConfiguration(AutoConfigurations.of(BatonLeaderOnlyAutoConfiguration.class))
        .withBean(
            TestElections.class,
            () -> TestElections.start(ZK.connectString(), participant, Map.of("billing", PATH)),
            d -> d.setDestroyMethodName("close"))
        .withUserConfiguration(Service.class);
  }

  @Test
  void onlyTheLeaderRunsTheScheduledJobAndTheFollowerTakesOver() {
    instance("first")
        .run(
            first -> {
              TestElections firstElections = first.getBean(TestElections.class);
              await().atMost(WAIT).until(() -> firstElections.isLeader("billing"));
              FencingToken firstToken = firstElections.leadership("billing").orElseThrow().token();
              instance("second")
                  .run(
                      second -> {
                        Ticker leader = first.getBean(Ticker.class);
                        Ticker follower = second.getBean(Ticker.class);
                        MeterRegistry followerMeters = second.getBean(MeterRegistry.class);
                        await()
                            .atMost(WAIT)
                            .until(
                                () -> leader.tokens().size() >= 5 && skipped(followerMeters) >= 5);
                        assertThat(follower.tokens()).isEmpty();
                        assertThat(leader.tokens()).containsOnly(firstToken);

                        first.close();
                        await().atMost(WAIT).until(() -> !follower.tokens().isEmpty());
                        assertThat(follower.tokens())
                            .allSatisfy(t -> assertThat(t.isNewerThan(firstToken)).isTrue());
                      });
            });
  }

  private static double skipped(MeterRegistry meters) {
    return meters.find(LeaderOnlyInterceptor.SKIPPED).counters().stream()
        .mapToDouble(c -> c.count())
        .sum();
  }
}
