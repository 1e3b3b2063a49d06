// SPDX-License-Identifier: Apache-2.0
package dev.baton.spring.fencing;

import static org.assertj.core.api.Assertions.assertThat;

import dev.baton.fencing.FencingToken;
import dev.baton.fencing.sql.SqlFence;
import dev.baton.fencing.sql.SqlFenceSchema;
import dev.baton.recipes.scheduler.ClaimConfig;
import dev.baton.recipes.scheduler.InMemoryJobStore;
import dev.baton.recipes.scheduler.JobStore;
import dev.baton.recipes.scheduler.SqlJobStore;
import dev.baton.spring.autoconfigure.BatonFencingAutoConfiguration;
import dev.baton.spring.leader.FencedPostProcessor;
import java.time.Duration;
import javax.sql.DataSource;
import org.junit.jupiter.api.Test;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.FilteredClassLoader;
import org.springframework.boot.test.context.assertj.AssertableApplicationContext;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.core.NestedExceptionUtils;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.datasource.DataSourceUtils;

/** Every condition and property of {@link BatonFencingAutoConfiguration}. */
class FencingAutoConfigurationTest {
  private final ApplicationContextRunner runner =
      new ApplicationContextRunner()
          .withConfiguration(AutoConfigurations.of(BatonFencingAutoConfiguration.class));

  /** A bean with a fenced method, to see what happens without a fence. */
  static class Fencing {
    @Fenced(resource = "r", election = "billing")
    public void write() {}
  }

  private ApplicationContextRunner withDataSource(DataSource dataSource) {
    return runner.withBean(DataSource.class, () -> dataSource);
  }

  private static String rootMessage(AssertableApplicationContext context) {
    assertThat(context).hasFailed();
    return NestedExceptionUtils.getMostSpecificCause(context.getStartupFailure()).getMessage();
  }

  @Test
  void withoutADataSourceOnlyThePostProcessorIsThere() {
    runner.run(
        context -> {
          assertThat(context).hasSingleBean(FencedPostProcessor.class);
          assertThat(context).doesNotHaveBean(SqlFence.class);
          assertThat(context).doesNotHaveBean(TransactionalFence.class);
          assertThat(context).doesNotHaveBean(JobStore.class);
        });
  }

  @Test
  void aFencedBeanWithoutADataSourceFailsTheStart() {
    runner
        .withBean(Fencing.class)
        .run(
            context ->
                assertThat(rootMessage(context))
                    .contains(Fencing.class.getName() + "#write")
                    .contains("there is no TransactionalFence")
                    .contains("single DataSource"));
  }

  @Test
  void withoutSpringJdbcNothingIsConfigured() {
    withDataSource(Databases.dataSource("h2"))
        .withClassLoader(new FilteredClassLoader(DataSourceUtils.class))
        .run(
            context -> {
              assertThat(context).doesNotHaveBean(FencedPostProcessor.class);
              assertThat(context).doesNotHaveBean(SqlFence.class);
            });
  }

  @Test
  void twoDataSourcesWithoutAPrimaryGetNoFence() {
    runner
        .withBean("one", DataSource.class, () -> Databases.dataSource("h2"))
        .withBean("two", DataSource.class, () -> Databases.dataSource("h2"))
        .run(
            context -> {
              assertThat(context).hasNotFailed();
              assertThat(context).doesNotHaveBean(SqlFence.class);
            });
  }

  @Test
  void anEmbeddedDatabaseGetsTheFenceTheStoreAndTheirTables() {
    DataSource h2 = Databases.dataSource("h2");
    withDataSource(h2)
        .withPropertyValues("spring.application.name=billing-app")
        .run(
            context -> {
              assertThat(context).hasSingleBean(SqlFence.class);
              assertThat(context).hasSingleBean(TransactionalFence.class);
              assertThat(context).hasSingleBean(SqlJobStore.class);
              SqlFence fence = context.getBean(SqlFence.class);
              assertThat(fence.table()).isEqualTo(SqlFenceSchema.DEFAULT_TABLE);
              assertThat(context.getBean(TransactionalFence.class).sqlFence()).isSameAs(fence);
              assertThat(Databases.tableExists(h2, "baton_fence")).isTrue();
              assertThat(Databases.tableExists(h2, "baton_scheduler_jobs")).isTrue();
              assertThat(Databases.tableExists(h2, "baton_scheduler_progress")).isTrue();

              fence.write("r", FencingToken.of(1), c -> null);
              assertThat(
                      new JdbcTemplate(h2)
                          .queryForObject(
                              "SELECT holder FROM baton_fence WHERE resource = 'r'", String.class))
                  .isEqualTo("billing-app");
            });
  }

  @Test
  void createSchemaNeverCreatesNoTable() {
    DataSource h2 = Databases.dataSource("h2");
    withDataSource(h2)
        .withPropertyValues(
            "baton.fence.create-schema=never", "baton.scheduler.create-schema=never")
        .run(
            context -> {
              assertThat(context).hasSingleBean(SqlFence.class);
              assertThat(Databases.tableExists(h2, "baton_fence")).isFalse();
              assertThat(Databases.tableExists(h2, "baton_scheduler_jobs")).isFalse();
            });
  }

  @Test
  void aServerDatabaseGetsTablesOnlyWhenAskedTo() {
    DataSource pg = Databases.dataSource("postgresql");
    String table = Databases.uniqueTable("fence");
    String prefix = Databases.uniqueTable("sched");
    try {
      withDataSource(pg)
          .withPropertyValues(
              "baton.fence.table=" + table, "baton.scheduler.table-prefix=" + prefix)
          .run(
              context -> {
                assertThat(context.getBean(SqlFence.class).table()).isEqualTo(table);
                assertThat(Databases.tableExists(pg, table)).isFalse();
                assertThat(Databases.tableExists(pg, prefix + "_jobs")).isFalse();
              });
      withDataSource(pg)
          .withPropertyValues(
              "baton.fence.table=" + table,
              "baton.fence.create-schema=always",
              "baton.scheduler.table-prefix=" + prefix,
              "baton.scheduler.create-schema=always")
          .run(
              context -> {
                assertThat(Databases.tableExists(pg, table)).isTrue();
                assertThat(Databases.tableExists(pg, prefix + "_jobs")).isTrue();
                assertThat(Databases.tableExists(pg, prefix + "_fence")).isTrue();
              });
    } finally {
      Databases.drop(pg, table, prefix + "_jobs", prefix + "_progress", prefix + "_fence");
    }
  }

  @Test
  void anInvalidTableNameFailsTheStartNamingTheProperty() {
    withDataSource(Databases.dataSource("h2"))
        .withPropertyValues("baton.fence.table=fence; drop table x")
        .run(
            context -> {
              assertThat(context).hasFailed();
              assertThat(context.getStartupFailure())
                  .hasStackTraceContaining("baton.fence.table")
                  .hasStackTraceContaining("invalid fence table name");
            });
  }

  @Test
  void anInvalidTablePrefixFailsTheStartNamingTheProperty() {
    withDataSource(Databases.dataSource("h2"))
        .withPropertyValues("baton.scheduler.table-prefix=1jobs")
        .run(
            context -> {
              assertThat(context).hasFailed();
              assertThat(context.getStartupFailure())
                  .hasStackTraceContaining("baton.scheduler.table-prefix")
                  .hasStackTraceContaining("invalid scheduler table prefix");
            });
  }

  @Test
  void theClaimPropertiesReachTheJobStore() {
    withDataSource(Databases.dataSource("h2"))
        .withPropertyValues("baton.scheduler.claim-lease=2s", "baton.scheduler.max-attempts=3")
        .run(
            context ->
                assertThat(context.getBean(SqlJobStore.class).claimConfig())
                    .isEqualTo(new ClaimConfig(Duration.ofSeconds(2), 3)));
  }

  @Test
  void anInvalidClaimLeaseOrMaxAttemptsFailsTheStartNamingTheProperty() {
    withDataSource(Databases.dataSource("h2"))
        .withPropertyValues("baton.scheduler.claim-lease=10ms")
        .run(
            context ->
                assertThat(context.getStartupFailure())
                    .hasStackTraceContaining("baton.scheduler.claim-lease")
                    .hasStackTraceContaining("at least 100 ms"));
    withDataSource(Databases.dataSource("h2"))
        .withPropertyValues("baton.scheduler.max-attempts=0")
        .run(
            context ->
                assertThat(context.getStartupFailure())
                    .hasStackTraceContaining("baton.scheduler.max-attempts")
                    .hasStackTraceContaining("at least 1"));
  }

  @Test
  void theApplicationsOwnFenceAndStoreWin() {
    DataSource h2 = Databases.dataSource("h2");
    SqlFence own = SqlFence.create(h2, "own_fence", null);
    InMemoryJobStore store = new InMemoryJobStore();
    withDataSource(h2)
        .withBean(SqlFence.class, () -> own)
        .withBean(JobStore.class, () -> store)
        .run(
            context -> {
              assertThat(context.getBean(SqlFence.class)).isSameAs(own);
              assertThat(context.getBean(TransactionalFence.class).sqlFence()).isSameAs(own);
              assertThat(context.getBean(JobStore.class)).isSameAs(store);
              assertThat(Databases.tableExists(h2, "baton_fence")).isFalse();
            });
  }

  @Test
  void unsetPropertiesTakeTheLibrarysDefaults() {
    withDataSource(Databases.dataSource("h2"))
        .run(
            context -> {
              assertThat(context).hasNotFailed();
              assertThat(context.getBean(SqlFence.class).table())
                  .isEqualTo(SqlFenceSchema.DEFAULT_TABLE);
              assertThat(context.getBean(SqlJobStore.class).claimConfig())
                  .isEqualTo(ClaimConfig.DEFAULT);
            });
  }

  @Test
  void aRefusedSchedulerValueNamesItsProperty() {
    withDataSource(Databases.dataSource("h2"))
        .withPropertyValues(
            "baton.scheduler.retry-backoff=1m", "baton.scheduler.max-retry-backoff=1s")
        .run(
            context ->
                assertThat(context.getStartupFailure())
                    .hasStackTraceContaining("baton.scheduler.max-retry-backoff")
                    .hasStackTraceContaining("must be at least retryBackoff"));
    withDataSource(Databases.dataSource("h2"))
        .withPropertyValues("baton.scheduler.claim-lease=10ms")
        .run(
            context ->
                assertThat(context.getStartupFailure())
                    .hasStackTraceContaining("baton.scheduler.claim-lease"));
  }

  @Test
  void setPropertiesReachTheLibrarysConfiguration() {
    withDataSource(Databases.dataSource("h2"))
        .withPropertyValues(
            "baton.fence.table=my_fence",
            "baton.scheduler.claim-lease=10s",
            "baton.scheduler.max-attempts=2",
            "baton.scheduler.retry-backoff=1s",
            "baton.scheduler.max-retry-backoff=2s",
            "baton.scheduler.done-retention=1d",
            "baton.scheduler.failed-retention=2d")
        .run(
            context -> {
              assertThat(context.getBean(SqlFence.class).table()).isEqualTo("my_fence");
              assertThat(context.getBean(SqlJobStore.class).claimConfig())
                  .isEqualTo(
                      new ClaimConfig(
                          Duration.ofSeconds(10),
                          2,
                          Duration.ofSeconds(1),
                          Duration.ofSeconds(2),
                          Duration.ofDays(1),
                          Duration.ofDays(2)));
            });
  }
}
