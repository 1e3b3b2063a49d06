// SPDX-License-Identifier: Apache-2.0
package dev.baton.spring.autoconfigure;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.baton.recipes.BatonSession;
import dev.baton.recipes.SessionConfig;
import dev.baton.recipes.backend.Backend;
import dev.baton.recipes.lease.LeaseBackend;
import dev.baton.recipes.lease.LeaseConfig;
import dev.baton.spring.election.BatonElection;
import dev.baton.spring.election.BatonElections;
import dev.baton.testkit.ZooKeeperServerExtension;
import java.time.Duration;
import java.util.UUID;
import org.h2.jdbcx.JdbcDataSource;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.springframework.beans.factory.annotation.Qualifier;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.jdbc.autoconfigure.DataSourceAutoConfiguration;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * The backend bound once: {@code batonBackend} names the {@link Backend} that {@code baton.backend}
 * chose, without a second bean of the session's or the lease backend's type (both may be present:
 * the name picks one); an application builds its own elections on it, or replaces it with a bean of
 * that name.
 */
class BackendBeanTest {
  @RegisterExtension static final ZooKeeperServerExtension ZK = new ZooKeeperServerExtension();

  private final ApplicationContextRunner runner =
      new ApplicationContextRunner()
          .withConfiguration(
              AutoConfigurations.of(
                  DataSourceAutoConfiguration.class,
                  BatonAutoConfiguration.class,
                  BatonLeaseAutoConfiguration.class,
                  BatonElectionAutoConfiguration.class))
          .withUserConfiguration(OwnElection.class)
          .withPropertyValues(
              "spring.datasource.url=jdbc:h2:mem:backend-"
                  + UUID.randomUUID()
                  + ";DB_CLOSE_DELAY=-1",
              "baton.connect-string=" + ZK.connectString(),
              "baton.election.billing.path=/services/billing/leader");

  /** An application's own election, on the bound backend. */
  @Configuration(proxyBeanMethods = false)
  static class OwnElection {
    @Bean
    BatonElection reportsElection(
        @Qualifier(BatonElectionAutoConfiguration.BACKEND_BEAN) Backend backend) {
      return BatonElection.builder("reports", "/services/reports/leader").build(backend);
    }
  }

  @Test
  void theNameIsTheSessionByDefault() {
    runner.run(
        ctx -> {
          assertThat(ctx).hasNotFailed().hasSingleBean(BatonSession.class);
          BatonSession session = ctx.getBean(BatonSession.class);
          assertThat(ctx.getBean(BatonElectionAutoConfiguration.BACKEND_BEAN)).isSameAs(session);
          BatonElections elections = ctx.getBean(BatonElections.class);
          assertThat(elections.get("billing").backend()).isSameAs(session);
          assertThat(elections.get("reports").backend()).isSameAs(session);
          await().atMost(Duration.ofSeconds(10)).until(elections.get("reports")::isLeader);
        });
  }

  @Test
  void theNameIsTheLeaseBackendBesideASession() {
    runner
        .withBean(
            BatonSession.class,
            () -> BatonSession.start(SessionConfig.builder(ZK.connectString()).build()))
        .withPropertyValues("baton.backend=lease")
        .run(
            ctx -> {
              assertThat(ctx).hasNotFailed().hasSingleBean(BatonSession.class);
              assertThat(ctx).hasSingleBean(LeaseBackend.class);
              LeaseBackend lease = ctx.getBean(LeaseBackend.class);
              assertThat(ctx.getBean(BatonElectionAutoConfiguration.BACKEND_BEAN)).isSameAs(lease);
              BatonElections elections = ctx.getBean(BatonElections.class);
              assertThat(elections.get("billing").backend()).isSameAs(lease);
              assertThat(elections.get("reports").backend()).isSameAs(lease);
              await().atMost(Duration.ofSeconds(10)).until(elections.get("reports")::isLeader);
            });
  }

  @Test
  void theApplicationsOwnBeanOfThatNameWins() {
    JdbcDataSource own = new JdbcDataSource();
    own.setURL("jdbc:h2:mem:own-" + UUID.randomUUID() + ";DB_CLOSE_DELAY=-1");
    runner
        .withBean(
            BatonElectionAutoConfiguration.BACKEND_BEAN,
            Backend.class,
            () -> LeaseBackend.create(own, LeaseConfig.builder().table("own_lease").build()))
        .run(
            ctx -> {
              assertThat(ctx).hasNotFailed();
              Backend backend =
                  ctx.getBean(BatonElectionAutoConfiguration.BACKEND_BEAN, Backend.class);
              assertThat(backend).isInstanceOf(LeaseBackend.class);
              assertThat(((LeaseBackend) backend).config().table()).isEqualTo("own_lease");
              BatonElections elections = ctx.getBean(BatonElections.class);
              assertThat(elections.get("billing").backend()).isSameAs(backend);
              assertThat(elections.get("reports").backend()).isSameAs(backend);
            });
  }
}
