// SPDX-License-Identifier: Apache-2.0
package dev.baton.spring.autoconfigure;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.baton.recipes.BatonSession;
import dev.baton.recipes.lease.LeaseBackend;
import dev.baton.recipes.lease.LeaseConfig;
import dev.baton.spring.election.BatonElection;
import dev.baton.spring.election.BatonElections;
import dev.baton.spring.leader.LeaderOnly;
import dev.baton.testkit.ZooKeeperServerExtension;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.UUID;
import org.h2.jdbcx.JdbcDataSource;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.context.properties.source.InvalidConfigurationPropertyValueException;
import org.springframework.boot.jdbc.autoconfigure.DataSourceAutoConfiguration;
import org.springframework.boot.test.context.assertj.AssertableApplicationContext;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.ConfigurableApplicationContext;

/**
 * {@code baton.backend=lease}: one setting moves the elections onto a lease record in the
 * application's {@code DataSource}, with {@code baton.lease.*} mapped onto {@link LeaseConfig};
 * refused values name their property; without the setting nothing changes.
 */
class LeaseAutoConfigurationTest {
  @RegisterExtension static final ZooKeeperServerExtension ZK = new ZooKeeperServerExtension();

  private final ApplicationContextRunner runner =
      new ApplicationContextRunner()
          .withConfiguration(
              AutoConfigurations.of(
                  DataSourceAutoConfiguration.class,
                  BatonAutoConfiguration.class,
                  BatonLeaseAutoConfiguration.class,
                  BatonElectionAutoConfiguration.class,
                  BatonPartitionAutoConfiguration.class))
          .withPropertyValues(
              "spring.datasource.url=jdbc:h2:mem:lease-" + UUID.randomUUID() + ";DB_CLOSE_DELAY=-1",
              "baton.instance-id=node-1",
              "baton.election.billing.path=/services/billing/leader");

  private static BatonElection billing(AssertableApplicationContext ctx) {
    return ctx.getBean(BatonElections.class).get("billing");
  }

  @Test
  void leaseNeedsNoConnectStringAndMapsEveryProperty() {
    runner
        .withPropertyValues(
            "baton.backend=lease",
            "baton.lease.lease-duration=20s",
            "baton.lease.safety-margin=3s",
            "baton.lease.renew-interval=5s",
            "baton.lease.renew-timeout=3s",
            "baton.lease.poll-interval=1s",
            "baton.lease.poll-jitter=0.5",
            "baton.lease.table=app_lease",
            "baton.lease.listen=false")
        .run(
            ctx -> {
              assertThat(ctx).hasNotFailed().doesNotHaveBean(BatonSession.class);
              LeaseConfig c = ctx.getBean(LeaseBackend.class).config();
              assertThat(c.leaseDuration()).isEqualTo(Duration.ofSeconds(20));
              assertThat(c.safetyMargin()).isEqualTo(Duration.ofSeconds(3));
              assertThat(c.renewInterval()).isEqualTo(Duration.ofSeconds(5));
              assertThat(c.renewTimeout()).isEqualTo(Duration.ofSeconds(3));
              assertThat(c.pollInterval()).isEqualTo(Duration.ofSeconds(1));
              assertThat(c.pollJitter()).isEqualTo(0.5);
              assertThat(c.table()).isEqualTo("app_lease");
              assertThat(c.listen()).isFalse();
              assertThat(c.createTable()).isTrue();
              BatonElection election = billing(ctx);
              assertThat(election.backend()).isSameAs(ctx.getBean(LeaseBackend.class));
              await().atMost(Duration.ofSeconds(10)).until(election::isLeader);
              assertThat(election.leadership().orElseThrow().token().value()).isEqualTo(1);
            });
  }

  @Test
  void theValueIsReadInAnyCase() {
    runner
        .withPropertyValues("baton.backend=LEASE")
        .run(
            ctx -> {
              assertThat(ctx).hasNotFailed().hasSingleBean(LeaseBackend.class);
              assertThat(billing(ctx).backend()).isSameAs(ctx.getBean(LeaseBackend.class));
            });
  }

  @Test
  void theDefaultsAreTheLibrarys() {
    LeaseConfig mapped =
        BatonLeaseAutoConfiguration.leaseConfig(
            new LeaseProperties(null, null, null, null, null, null, null, null, null));
    assertThat(mapped).usingRecursiveComparison().isEqualTo(LeaseConfig.defaults());
  }

  /**
   * The elections stop before the DataSource is closed: each depends on it, through the backend.
   */
  @Test
  void theElectionsDependOnTheDataSource() {
    runner
        .withPropertyValues("baton.backend=lease")
        .run(
            ctx -> {
              assertThat(ctx).hasNotFailed();
              var beans = ((ConfigurableApplicationContext) ctx).getBeanFactory();
              assertThat(beans.getDependenciesForBean("billingElection"))
                  .contains(BatonElectionAutoConfiguration.FACTORY_BEAN);
              assertThat(beans.getDependenciesForBean(BatonElectionAutoConfiguration.FACTORY_BEAN))
                  .contains(BatonLeaseAutoConfiguration.LEASE_BACKEND_BEAN);
              assertThat(beans.getAliases(BatonLeaseAutoConfiguration.LEASE_BACKEND_BEAN))
                  .containsExactly(BatonElectionAutoConfiguration.BACKEND_BEAN);
              assertThat(
                      beans.getDependenciesForBean(BatonLeaseAutoConfiguration.LEASE_BACKEND_BEAN))
                  .contains("dataSource");
            });
  }

  @Test
  void theApplicationsOwnLeaseBackendWins() {
    JdbcDataSource own = new JdbcDataSource();
    own.setURL("jdbc:h2:mem:own-" + UUID.randomUUID() + ";DB_CLOSE_DELAY=-1");
    new ApplicationContextRunner()
        .withConfiguration(
            AutoConfigurations.of(
                BatonAutoConfiguration.class,
                BatonLeaseAutoConfiguration.class,
                BatonElectionAutoConfiguration.class))
        .withBean(
            LeaseBackend.class,
            () -> LeaseBackend.create(own, LeaseConfig.builder().table("own_lease").build()))
        .withPropertyValues("baton.backend=lease", "baton.election.billing.path=/e")
        .run(
            ctx -> {
              assertThat(ctx).hasNotFailed().hasSingleBean(LeaseBackend.class);
              assertThat(ctx.getBean(LeaseBackend.class).config().table()).isEqualTo("own_lease");
              await().atMost(Duration.ofSeconds(10)).until(billing(ctx)::isLeader);
            });
  }

  @Test
  void withoutTheSettingNothingChanges() {
    runner.run(
        ctx -> {
          assertThat(ctx).hasNotFailed();
          assertThat(ctx).doesNotHaveBean(LeaseBackend.class).doesNotHaveBean(BatonElections.class);
        });
    for (String[] backend : List.of(new String[0], new String[] {"baton.backend=zookeeper"})) {
      runner
          .withPropertyValues("baton.connect-string=" + ZK.connectString())
          .withPropertyValues(backend)
          .run(
              ctx -> {
                assertThat(ctx).hasNotFailed().hasSingleBean(BatonSession.class);
                assertThat(ctx).doesNotHaveBean(LeaseBackend.class);
                assertThat(billing(ctx).backend()).isSameAs(ctx.getBean(BatonSession.class));
              });
    }
  }

  /** Starts with these properties and checks that the failure names {@code property}. */
  private void assertRefused(
      ApplicationContextRunner r, String property, String reason, String... properties) {
    r.withPropertyValues(properties)
        .run(
            ctx -> {
              assertThat(ctx).hasFailed();
              Throwable failure = ctx.getStartupFailure();
              while (failure != null && !(failure instanceof BatonPropertyException)) {
                failure = failure.getCause();
              }
              assertThat(failure)
                  .as("a BatonPropertyException in %s", ctx.getStartupFailure())
                  .isInstanceOf(InvalidConfigurationPropertyValueException.class);
              BatonPropertyException e = (BatonPropertyException) failure;
              assertThat(e.getName()).as(Arrays.toString(properties)).isEqualTo(property);
              assertThat(e.getMessage()).contains(property).contains(reason);
            });
  }

  private void assertRefused(String property, String reason, String... properties) {
    assertRefused(runner.withPropertyValues("baton.backend=lease"), property, reason, properties);
  }

  @Test
  void badLeasePropertiesAreNamed() {
    assertRefused("baton.lease.lease-duration", "positive", "baton.lease.lease-duration=0s");
    assertRefused(
        "baton.lease.safety-margin", "shorter than leaseDuration", "baton.lease.safety-margin=15s");
    assertRefused(
        "baton.lease.renew-interval", "must not exceed", "baton.lease.renew-interval=10s");
    assertRefused("baton.lease.renew-timeout", "positive", "baton.lease.renew-timeout=0ms");
    assertRefused("baton.lease.poll-interval", "positive", "baton.lease.poll-interval=-1s");
    assertRefused("baton.lease.poll-jitter", "[0, 1]", "baton.lease.poll-jitter=1.5");
    assertRefused("baton.lease.table", "invalid", "baton.lease.table=bad-name");
    assertRefused(
        "baton.lease.table",
        "baton.lease.create-table=false",
        "baton.lease.create-table=false",
        "baton.lease.table=not_there");
  }

  @Test
  void zooKeeperOnlyFeaturesAreRefusedOnTheLeaseBackend() {
    assertRefused(
        "baton.partitions.orders",
        "need ZooKeeper",
        "baton.partitions.orders.path=/services/orders");
    assertRefused(
        "baton.election.billing.connection-policy",
        "needs ZooKeeper",
        "baton.election.billing.connection-policy=SESSION");
  }

  @Test
  void theBackendNeedsADataSource() {
    ApplicationContextRunner withoutDataSource =
        new ApplicationContextRunner()
            .withConfiguration(
                AutoConfigurations.of(
                    BatonAutoConfiguration.class,
                    BatonLeaseAutoConfiguration.class,
                    BatonElectionAutoConfiguration.class))
            .withPropertyValues("baton.election.billing.path=/e");
    assertRefused(withoutDataSource, "baton.backend", "DataSource", "baton.backend=lease");
  }

  /** A bean with a leader-only method. */
  static class Billing {
    @LeaderOnly("billing")
    public void run() {}
  }

  @Test
  void anUnknownBackendIsRefusedBeforeTheLeaderOnlyBeansAreChecked() {
    runner
        .withConfiguration(AutoConfigurations.of(BatonLeaderOnlyAutoConfiguration.class))
        .withBean(Billing.class)
        .withPropertyValues("baton.backend=etcd")
        .run(
            ctx -> {
              Throwable failure = ctx.getStartupFailure();
              assertThat(failure).as("a start-up failure").isNotNull();
              assertThat(failure).hasStackTraceContaining("baton.backend");
              assertThat(failure).hasStackTraceContaining("etcd");
              assertThat(failure).hasStackTraceContaining("zookeeper or lease");
              assertThat(failure).rootCause().hasMessageNotContaining("has no elections");
            });
  }

  @Test
  void anUnknownBackendIsRefused() {
    runner
        .withPropertyValues("baton.backend=etcd")
        .run(
            ctx ->
                assertThat(ctx.getStartupFailure())
                    .isNotNull()
                    .hasStackTraceContaining("baton.backend"));
  }
}
