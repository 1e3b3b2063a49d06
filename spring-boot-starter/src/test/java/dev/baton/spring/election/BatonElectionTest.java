// SPDX-License-Identifier: Apache-2.0
package dev.baton.spring.election;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import dev.baton.recipes.BatonSession;
import dev.baton.recipes.RevocationReason;
import dev.baton.spring.autoconfigure.BatonAutoConfiguration;
import dev.baton.spring.autoconfigure.BatonElectionAutoConfiguration;
import dev.baton.testkit.ZooKeeperServerExtension;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.ApplicationListener;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

class BatonElectionTest {
  @RegisterExtension static final ZooKeeperServerExtension ZK = new ZooKeeperServerExtension();
  private static final AtomicInteger PATHS = new AtomicInteger();

  private final String path = "/election-test/" + PATHS.incrementAndGet();
  private final ApplicationContextRunner runner =
      new ApplicationContextRunner()
          .withConfiguration(
              AutoConfigurations.of(
                  BatonAutoConfiguration.class, BatonElectionAutoConfiguration.class))
          .withPropertyValues("baton.connect-string=" + ZK.connectString());

  @Test
  void electionBeanLeadsAndIsFoundByName() {
    runner
        .withPropertyValues(
            "baton.election.billing.path=" + path,
            "spring.application.name=billing-svc",
            "POD_NAME=pod-7")
        .run(
            ctx -> {
              BatonElection election = ctx.getBean("billingElection", BatonElection.class);
              assertThat(election.isRunning()).isTrue();
              assertThat(election.participantId()).isEqualTo("billing-svc-pod-7");
              await().atMost(Duration.ofSeconds(5)).until(election::isLeader);
              BatonElections elections = ctx.getBean(BatonElections.class);
              assertThat(elections.names()).containsExactly("billing");
              assertThat(elections.isLeader("billing")).isTrue();
              assertThat(elections.leadership("billing")).isPresent();
              assertThat(ctx.getBean(ElectionTerms.class)).isSameAs(elections);
            });
  }

  @Test
  void unknownNameListsTheKnownOnes() {
    runner
        .withPropertyValues("baton.election.billing.path=" + path)
        .run(
            ctx ->
                assertThatThrownBy(() -> ctx.getBean(BatonElections.class).leadership("nope"))
                    .isInstanceOf(IllegalArgumentException.class)
                    .hasMessageContaining("'nope'")
                    .hasMessageContaining("[billing]"));
  }

  @Test
  void grantAndRevokeArePublishedInOrderOnTheCallbackThread() {
    List<String> seen = new CopyOnWriteArrayList<>();
    ApplicationListener<LeadershipEvent> listener =
        e ->
            seen.add(
                e.getClass().getSimpleName()
                    + "@"
                    + Thread.currentThread().getName().startsWith("baton-election-callbacks")
                    + (e instanceof LeadershipRevokedEvent r ? ":" + r.reason() : ""));
    runner
        .withPropertyValues("baton.election.billing.path=" + path)
        .withBean("recorder", ApplicationListener.class, () -> listener)
        .run(
            ctx -> {
              BatonElection election = ctx.getBean(BatonElection.class);
              await().atMost(Duration.ofSeconds(5)).until(() -> seen.size() == 1);
              election.yield();
              await().atMost(Duration.ofSeconds(5)).until(() -> seen.size() == 3);
            });
    assertThat(seen)
        .containsExactly(
            "LeadershipGrantedEvent@true",
            "LeadershipRevokedEvent@true:" + RevocationReason.RESIGNED,
            "LeadershipGrantedEvent@true",
            "LeadershipRevokedEvent@true:" + RevocationReason.CLOSED);
  }

  @Test
  void closingTheContextEndsTheTermWhileTheSessionIsStillOpen() {
    List<Boolean> sessionOpenAtRevocation = new CopyOnWriteArrayList<>();
    BatonSession[] session = new BatonSession[1];
    runner
        .withPropertyValues("baton.election.billing.path=" + path)
        .withBean(
            "recorder",
            ApplicationListener.class,
            () ->
                (ApplicationListener<LeadershipRevokedEvent>)
                    e -> sessionOpenAtRevocation.add(session[0].isOpen()))
        .run(
            ctx -> {
              session[0] = ctx.getBean(BatonSession.class);
              await()
                  .atMost(Duration.ofSeconds(5))
                  .until(ctx.getBean(BatonElection.class)::isLeader);
            });
    assertThat(sessionOpenAtRevocation).containsExactly(true);
    assertThat(session[0].isOpen()).isFalse();
  }

  @Test
  void disabledElectionHasNoBeanAndAutoStartupFalseWaits() {
    runner
        .withPropertyValues(
            "baton.election.off.path=" + path + "-off",
            "baton.election.off.enabled=false",
            "baton.election.later.path=" + path,
            "baton.election.later.auto-startup=false")
        .run(
            ctx -> {
              assertThat(ctx).doesNotHaveBean("offElection");
              BatonElection later = ctx.getBean("laterElection", BatonElection.class);
              assertThat(later.isRunning()).isFalse();
              assertThat(later.participation()).isEqualTo(BatonElection.Participation.STOPPED);
              later.start();
              await().atMost(Duration.ofSeconds(5)).until(later::isLeader);
            });
  }

  @Test
  void leaveAndRejoinMakeANewTermWithAHigherToken() {
    runner
        .withPropertyValues("baton.election.billing.path=" + path)
        .run(
            ctx -> {
              BatonElection election = ctx.getBean(BatonElection.class);
              await().atMost(Duration.ofSeconds(5)).until(election::isLeader);
              var first = election.leadership().orElseThrow().token();
              election.leave();
              assertThat(election.isLeader()).isFalse();
              assertThat(election.participation()).isEqualTo(BatonElection.Participation.LEFT);
              election.rejoin();
              await().atMost(Duration.ofSeconds(5)).until(election::isLeader);
              assertThat(election.leadership().orElseThrow().token().isNewerThan(first)).isTrue();
            });
  }

  @Test
  void applicationDeclaredElectionJoinsTheRegistry() {
    runner
        .withPropertyValues("baton.election.billing.path=" + path)
        .withUserConfiguration(Reports.class)
        .run(
            ctx -> {
              assertThat(ctx.getBean(BatonElections.class).names())
                  .containsExactlyInAnyOrder("billing", "reports");
              BatonElection reports = ctx.getBean(BatonElections.class).get("reports");
              assertThat(reports.role()).isEqualTo("reporting");
              await().atMost(Duration.ofSeconds(5)).until(reports::isLeader);
            });
  }

  @Configuration(proxyBeanMethods = false)
  static class Reports {
    @Bean
    BatonElection reportsElection(BatonSession session) {
      return BatonElection.builder("reports", "/election-test/reports")
          .role("reporting")
          .participantId("reports-1")
          .build(session);
    }
  }
}
