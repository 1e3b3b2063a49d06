// SPDX-License-Identifier: Apache-2.0
package dev.baton.spring.leader;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.baton.fencing.FencingToken;
import dev.baton.recipes.BatonSession;
import dev.baton.spring.election.ElectionTerms;
import dev.baton.testkit.SessionExpirer;
import dev.baton.testkit.ZooKeeperServerExtension;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.springframework.boot.Banner;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.scheduling.annotation.EnableScheduling;
import org.springframework.scheduling.annotation.Scheduled;

/**
 * A {@code @Scheduled @LeaderOnly} job in three Spring Boot applications of one service, with the
 * election from {@code baton.election.billing.path}: exactly one runs it; closing that one hands
 * the job over within a second; expiring the leader's session on the server hands it over to a
 * successor that runs with a higher token.
 */
class LeaderOnlyScheduledTest {
  @RegisterExtension static final ZooKeeperServerExtension ZK = new ZooKeeperServerExtension();
  private static final AtomicInteger PATHS = new AtomicInteger();
  private static final Duration WAIT = Duration.ofSeconds(20);

  private final String path = "/baton-test/leader-only-scheduled-" + PATHS.incrementAndGet();
  private final List<ConfigurableApplicationContext> apps = new ArrayList<>();

  @AfterEach
  void closeAll() {
    apps.forEach(ConfigurableApplicationContext::close);
  }

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
  @EnableAutoConfiguration
  @EnableScheduling
  static class App {
    @Bean
    Ticker ticker(CurrentTerm currentTerm) {
      return new Ticker(currentTerm);
    }

    @Bean
    MeterRegistry meterRegistry() {
      return new SimpleMeterRegistry();
    }
  }

  private void start(int instances) {
    for (int i = 1; i <= instances; i++) {
      apps.add(
          new SpringApplicationBuilder(App.class)
              .web(WebApplicationType.NONE)
              .bannerMode(Banner.Mode.OFF)
              .logStartupInfo(false)
              .registerShutdownHook(false)
              .properties(
                  "baton.connect-string=" + ZK.connectString(),
                  "baton.session-timeout=4s",
                  "baton.connection-timeout=2s",
                  "baton.instance-id=node-" + i,
                  "baton.election.billing.path=" + path)
              .run());
    }
  }

  private static boolean leads(ConfigurableApplicationContext app) {
    return app.isActive() && app.getBean(ElectionTerms.class).isLeader("billing");
  }

  private ConfigurableApplicationContext awaitLeader() {
    await().atMost(WAIT).until(() -> apps.stream().filter(a -> leads(a)).count() == 1);
    return apps.stream().filter(a -> leads(a)).findFirst().orElseThrow();
  }

  private static List<FencingToken> ticks(ConfigurableApplicationContext app) {
    return app.getBean(Ticker.class).tokens();
  }

  private static double skipped(ConfigurableApplicationContext app) {
    return app.getBean(MeterRegistry.class).find(LeaderOnlyInterceptor.SKIPPED).counters().stream()
        .mapToDouble(c -> c.count())
        .sum();
  }

  @Test
  void exactlyOneRunsTheJobAndClosingItHandsOverWithinASecond() {
    start(3);
    ConfigurableApplicationContext leader = awaitLeader();
    FencingToken first = leader.getBean(ElectionTerms.class).leadership("billing").get().token();
    List<ConfigurableApplicationContext> followers =
        apps.stream().filter(a -> a != leader).toList();
    await()
        .atMost(WAIT)
        .until(
            () -> ticks(leader).size() >= 5 && followers.stream().allMatch(f -> skipped(f) >= 5));
    assertThat(ticks(leader)).containsOnly(first);
    assertThat(followers).allSatisfy(f -> assertThat(ticks(f)).isEmpty());

    leader.close();
    await()
        .atMost(Duration.ofSeconds(1))
        .until(() -> followers.stream().anyMatch(f -> !ticks(f).isEmpty()));
    List<ConfigurableApplicationContext> running =
        followers.stream().filter(f -> !ticks(f).isEmpty()).toList();
    assertThat(running).hasSize(1);
    assertThat(ticks(running.get(0))).allMatch(t -> t.isNewerThan(first));
  }

  @Test
  void aSuccessorOfAnExpiredLeaderRunsWithAHigherToken() {
    start(2);
    ConfigurableApplicationContext leader = awaitLeader();
    ConfigurableApplicationContext follower =
        apps.stream().filter(a -> a != leader).findFirst().get();
    await().atMost(WAIT).until(() -> !ticks(leader).isEmpty());
    FencingToken first = ticks(leader).get(0);

    SessionExpirer.expireOnServer(
        leader.getBean(BatonSession.class).curator(), Duration.ofSeconds(10));
    await().atMost(WAIT).until(() -> !ticks(follower).isEmpty());
    assertThat(ticks(follower)).allMatch(t -> t.isNewerThan(first));
  }
}
