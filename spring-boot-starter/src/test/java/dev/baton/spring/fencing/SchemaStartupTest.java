// SPDX-License-Identifier: Apache-2.0
package dev.baton.spring.fencing;

import static org.assertj.core.api.Assertions.assertThat;

import dev.baton.fencing.sql.SqlFenceSchema;
import dev.baton.recipes.scheduler.SqlJobStore;
import dev.baton.spring.StartupFailures;
import dev.baton.spring.autoconfigure.BatonFencingAutoConfiguration;
import dev.baton.testkit.PendingCreate;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import javax.sql.DataSource;
import org.junit.jupiter.api.Test;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.assertj.AssertableApplicationContext;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;

/**
 * The tables Baton creates at start-up: instances starting together on PostgreSQL all start (the
 * loser of the creation race used to fail, reported as an invalid create-schema value); a creation
 * that fails is reported as such, naming the table, not as an invalid value; with
 * create-schema=never an application that fences finds a missing fence table at start, not at its
 * first fenced call.
 */
class SchemaStartupTest {
  private final ApplicationContextRunner runner =
      new ApplicationContextRunner()
          .withConfiguration(AutoConfigurations.of(BatonFencingAutoConfiguration.class));

  /** A bean with a fenced method. */
  static class Fencing {
    @Fenced(resource = "r")
    public void write() {}
  }

  /** A bean that uses the fence directly. */
  record FenceUser(TransactionalFence fence) {}

  private ApplicationContextRunner on(DataSource dataSource, String... properties) {
    return runner.withBean(DataSource.class, () -> dataSource).withPropertyValues(properties);
  }

  /** Starts while another session holds {@code ddl} open, then lets it commit. */
  private static void startDuringAPendingCreate(
      DataSource pg, String ddl, ApplicationContextRunner app) throws Exception {
    try (PendingCreate other = PendingCreate.hold(pg, ddl)) {
      CompletableFuture<Void> start =
          CompletableFuture.runAsync(() -> app.run(context -> assertThat(context).hasNotFailed()));
      other.awaitWaiter(Duration.ofSeconds(20));
      other.commit();
      start.get(30, TimeUnit.SECONDS);
    }
  }

  private static void assertCreationFailed(
      AssertableApplicationContext context, String table, String property) {
    assertThat(context).hasFailed();
    Throwable failure = context.getStartupFailure();
    assertThat(failure)
        .hasStackTraceContaining("could not create")
        .hasStackTraceContaining(table)
        .hasStackTraceContaining(property);
    StartupFailures.assertNoInvalidValue(failure);
  }

  @Test
  void theFenceTableCreatedByAnotherInstanceAtTheSameMomentIsNoFailure() throws Exception {
    DataSource pg = Databases.dataSource("postgresql");
    String table = Databases.uniqueTable("fence_race");
    try {
      startDuringAPendingCreate(
          pg,
          SqlFenceSchema.ddl(table),
          on(pg, "baton.fence.table=" + table, "baton.fence.create-schema=always"));
    } finally {
      Databases.drop(pg, table);
    }
  }

  @Test
  void theSchedulerTablesCreatedByAnotherInstanceAtTheSameMomentAreNoFailure() throws Exception {
    DataSource pg = Databases.dataSource("postgresql");
    String prefix = Databases.uniqueTable("sched_race");
    try {
      startDuringAPendingCreate(
          pg,
          SqlJobStore.ddl(prefix).get(2),
          on(pg, "baton.scheduler.table-prefix=" + prefix, "baton.scheduler.create-schema=always"));
    } finally {
      Databases.drop(pg, prefix + "_jobs", prefix + "_progress", prefix + "_fence");
    }
  }

  @Test
  void aFenceTableThatCannotBeCreatedIsReportedAsSuch() {
    String table = "no_such_schema_" + ProcessHandle.current().pid() + ".fence";
    on(
            Databases.dataSource("postgresql"),
            "baton.fence.table=" + table,
            "baton.fence.create-schema=always")
        .run(context -> assertCreationFailed(context, table, "baton.fence.create-schema"));
  }

  @Test
  void schedulerTablesThatCannotBeCreatedAreReportedAsSuch() {
    String prefix = "no_such_schema_" + ProcessHandle.current().pid() + ".jobs";
    on(
            Databases.dataSource("postgresql"),
            "baton.scheduler.table-prefix=" + prefix,
            "baton.scheduler.create-schema=always")
        .run(context -> assertCreationFailed(context, prefix + "_jobs", "baton.scheduler"));
  }

  @Test
  void aMissingFenceTableFailsTheStartOfAnApplicationWithFencedMethods() {
    assertMissingFenceTableFailsTheStart(
        Fencing.class, "baton.fence.create-schema=always", SqlFenceSchema.ddl("baton_fence"));
  }

  @Test
  void aMissingFenceTableFailsTheStartOfAnApplicationThatUsesTheFence() {
    assertMissingFenceTableFailsTheStart(FenceUser.class, "baton.fence.create-schema");
  }

  /**
   * Starts an application with {@code bean} on H2 without the fence table, and asserts that its
   * start fails saying that the table is missing, and each of {@code mentions}.
   */
  private void assertMissingFenceTableFailsTheStart(Class<?> bean, String... mentions) {
    on(Databases.dataSource("h2"), "baton.fence.create-schema=never")
        .withBean(bean)
        .run(
            context -> {
              var failure =
                  assertThat(context.getStartupFailure())
                      .as("a start-up failure")
                      .isNotNull()
                      .hasStackTraceContaining("the fence table baton_fence is missing");
              for (String mention : mentions) {
                failure.hasStackTraceContaining(mention);
              }
            });
  }

  @Test
  void aFenceTableCreatedByTheApplicationPassesTheCheck() {
    DataSource h2 = Databases.dataSource("h2");
    SqlFenceSchema.create(h2, "app_fence");
    on(h2, "baton.fence.create-schema=never", "baton.fence.table=app_fence")
        .withBean(Fencing.class)
        .run(context -> assertThat(context).hasNotFailed());
  }
}
