// SPDX-License-Identifier: Apache-2.0
package dev.baton.spring.leader;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import dev.baton.fencing.FencingToken;
import dev.baton.recipes.election.Leadership;
import dev.baton.recipes.election.LeadershipLostException;
import dev.baton.spring.autoconfigure.BatonLeaderOnlyAutoConfiguration;
import dev.baton.testkit.SessionExpirer;
import dev.baton.testkit.ZooKeeperServerExtension;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * {@link LeaderOnly} on real elections: a leader's call runs under its term (by holder and by
 * parameter), a follower's is skipped and counted, a term lost midway makes {@code checkActive()}
 * throw inside the call, and nested calls restore the outer binding.
 */
class LeaderOnlyTest {
  @RegisterExtension static final ZooKeeperServerExtension ZK = new ZooKeeperServerExtension();
  private static final AtomicInteger RUNS = new AtomicInteger();
  private static final Duration WAIT = Duration.ofSeconds(20);

  private final String billing = "/baton-test/leader-only-" + RUNS.incrementAndGet() + "/billing";
  private final String reports = billing + "-reports";

  /** The service under test. */
  static class Jobs {
    final CurrentTerm currentTerm;
    final Reports reports;
    final AtomicInteger runs = new AtomicInteger();

    Jobs(CurrentTerm currentTerm, Reports reports) {
      this.currentTerm = currentTerm;
      this.reports = reports;
    }

    /** Calls that ran (a method: the proxy's own fields are not the bean's). */
    public int runs() {
      return runs.get();
    }

    @LeaderOnly("billing")
    public FencingToken tokenFromHolder() {
      runs.incrementAndGet();
      return currentTerm.token();
    }

    @LeaderOnly("billing")
    public FencingToken tokenByParameter(@LeaderTerm FencingToken token) {
      runs.incrementAndGet();
      return token;
    }

    @LeaderOnly("${jobs.election:billing}")
    public Leadership termByParameter(@LeaderTerm Leadership leadership) {
      runs.incrementAndGet();
      return leadership;
    }

    @LeaderOnly("billing")
    public Optional<String> optional() {
      runs.incrementAndGet();
      return Optional.of("ran");
    }

    @LeaderOnly("billing")
    public OptionalLong optionalLong() {
      runs.incrementAndGet();
      return OptionalLong.of(1);
    }

    @LeaderOnly("billing")
    public void plain() {
      runs.incrementAndGet();
    }

    @LeaderOnly("billing")
    public String blockThenCheck(CountDownLatch entered, CountDownLatch release)
        throws InterruptedException {
      entered.countDown();
      if (!release.await(30, TimeUnit.SECONDS)) {
        throw new IllegalStateException("never released");
      }
      currentTerm.checkActive();
      return "finished";
    }

    /** Tokens seen: outer, inner of the same election, inner of another, outer again. */
    @LeaderOnly("billing")
    public List<String> nested() {
      String outer = currentTerm.election() + "=" + currentTerm.token();
      String sameElection = reports.billingToken();
      String otherElection = reports.reportsElectionAndToken();
      String outerAgain = currentTerm.election() + "=" + currentTerm.token();
      return List.of(outer, "billing=" + sameElection, otherElection, outerAgain);
    }
  }

  /** A second bean, for nested calls through its proxy. */
  static class Reports {
    final CurrentTerm currentTerm;

    Reports(CurrentTerm currentTerm) {
      this.currentTerm = currentTerm;
    }

    @LeaderOnly("billing")
    public String billingToken() {
      return currentTerm.token().toString();
    }

    @LeaderOnly("reports")
    public String reportsElectionAndToken() {
      return currentTerm.election() + "=" + currentTerm.token();
    }
  }

  @Configuration(proxyBeanMethods = false)
  static class JobsConfig {
    @Bean
    Reports reports(CurrentTerm currentTerm) {
      return new Reports(currentTerm);
    }

    @Bean
    Jobs jobs(CurrentTerm currentTerm, Reports reports) {
      return new Jobs(currentTerm, reports);
    }

    @Bean
    MeterRegistry meterRegistry() {
      return new SimpleMeterRegistry();
    }
  }

  private ApplicationContextRunner runner(String participant) {
    return new ApplicationContextRunner()
        .withConfiguration(AutoConfigurations.of(BatonLeaderOnlyAutoConfiguration.class))
        .withBean(
            TestElections.class,
            () ->
                TestElections.start(
                    ZK.connectString(),
                    participant,
                    Map.of("billing", billing, "reports", reports)),
            d -> d.setDestroyMethodName("close"))
        .withUserConfiguration(JobsConfig.class);
  }

  private static void awaitLeader(TestElections elections) {
    await()
        .atMost(WAIT)
        .until(() -> elections.isLeader("billing") && elections.isLeader("reports"));
  }

  @Test
  void aLeadersCallRunsUnderItsTermByHolderAndByParameter() {
    runner("node-1")
        .run(
            context -> {
              assertThat(context).hasNotFailed();
              TestElections elections = context.getBean(TestElections.class);
              awaitLeader(elections);
              Leadership term = elections.leadership("billing").orElseThrow();
              Jobs jobs = context.getBean(Jobs.class);

              assertThat(jobs.tokenFromHolder()).isEqualTo(term.token());
              assertThat(jobs.tokenByParameter(null)).isEqualTo(term.token());
              assertThat(jobs.tokenByParameter(term.token())).isEqualTo(term.token());
              assertThat(jobs.termByParameter(null)).isSameAs(term);
              assertThat(jobs.optional()).contains("ran");
              assertThat(jobs.runs()).isEqualTo(5);

              CurrentTerm currentTerm = context.getBean(CurrentTerm.class);
              assertThat(currentTerm.isBound()).isFalse();
              assertThatThrownBy(currentTerm::token)
                  .isInstanceOf(IllegalStateException.class)
                  .hasMessageContaining("only inside a @LeaderOnly method's call");
              assertThatThrownBy(currentTerm::checkActive)
                  .isInstanceOf(IllegalStateException.class);
            });
  }

  @Test
  void anotherTermsTokenCannotBePassedIn() {
    runner("node-1")
        .run(
            context -> {
              awaitLeader(context.getBean(TestElections.class));
              Jobs jobs = context.getBean(Jobs.class);
              FencingToken foreign = FencingToken.of(billing, 1);
              assertThatThrownBy(() -> jobs.tokenByParameter(foreign))
                  .isInstanceOf(IllegalArgumentException.class)
                  .hasMessageContaining("callers pass null");
              assertThat(jobs.runs()).isEqualTo(0);
            });
  }

  @Test
  void aFollowersCallsAreSkippedAndCounted() throws Exception {
    try (TestElections rival =
        TestElections.start(
            ZK.connectString(), "rival", Map.of("billing", billing, "reports", reports))) {
      awaitLeader(rival);
      runner("node-2")
          .run(
              context -> {
                Jobs jobs = context.getBean(Jobs.class);
                assertThat(context.getBean(TestElections.class).isLeader("billing")).isFalse();

                assertThat(jobs.tokenFromHolder()).isNull();
                assertThat(jobs.termByParameter(null)).isNull();
                assertThat(jobs.optional()).isEmpty();
                assertThat(jobs.optionalLong()).isEmpty();
                jobs.plain();
                jobs.plain();
                assertThat(jobs.runs()).isEqualTo(0);

                MeterRegistry meters = context.getBean(MeterRegistry.class);
                assertThat(
                        meters
                            .get(LeaderOnlyInterceptor.SKIPPED)
                            .tag("election", "billing")
                            .tag("method", Jobs.class.getName() + "#plain")
                            .counter()
                            .count())
                    .isEqualTo(2.0);
                assertThat(
                        meters.get(LeaderOnlyInterceptor.SKIPPED).counters().stream()
                            .mapToDouble(c -> c.count())
                            .sum())
                    .isEqualTo(6.0);
              });
    }
  }

  @ParameterizedTest
  @ValueSource(strings = {"resign", "expire on the server"})
  void aCallThatLosesItsTermMidwaySeesCheckActiveThrow(String loss) {
    runner("node-1")
        .run(
            context -> {
              TestElections elections = context.getBean(TestElections.class);
              awaitLeader(elections);
              Leadership term = elections.leadership("billing").orElseThrow();
              Jobs jobs = context.getBean(Jobs.class);
              CountDownLatch entered = new CountDownLatch(1);
              CountDownLatch release = new CountDownLatch(1);
              CompletableFuture<String> call =
                  CompletableFuture.supplyAsync(
                      () -> {
                        try {
                          return jobs.blockThenCheck(entered, release);
                        } catch (InterruptedException e) {
                          throw new IllegalStateException(e);
                        }
                      });
              assertThat(entered.await(10, TimeUnit.SECONDS)).isTrue();
              if (loss.equals("resign")) {
                elections.election("billing").resign();
              } else {
                SessionExpirer.expireOnServer(
                    elections.session().curator(), Duration.ofSeconds(10));
              }
              await().atMost(WAIT).until(() -> !term.isActive());
              release.countDown();
              assertThatThrownBy(() -> call.get(10, TimeUnit.SECONDS))
                  .isInstanceOf(ExecutionException.class)
                  .cause()
                  .isInstanceOf(LeadershipLostException.class)
                  .hasMessageContaining(term.token().toString());
            });
  }

  @Test
  void nestedCallsRunUnderTheOuterTermAndRestoreIt() {
    runner("node-1")
        .run(
            context -> {
              TestElections elections = context.getBean(TestElections.class);
              awaitLeader(elections);
              FencingToken billingToken = elections.leadership("billing").orElseThrow().token();
              FencingToken reportsToken = elections.leadership("reports").orElseThrow().token();
              assertThat(context.getBean(Jobs.class).nested())
                  .containsExactly(
                      "billing=" + billingToken,
                      "billing=" + billingToken,
                      "reports=" + reportsToken,
                      "billing=" + billingToken);
              assertThat(context.getBean(CurrentTerm.class).isBound()).isFalse();
            });
  }
}
