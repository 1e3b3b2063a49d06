// SPDX-License-Identifier: Apache-2.0
package dev.baton.spring.autoconfigure;

import static org.assertj.core.api.Assertions.assertThat;

import dev.baton.spring.StartupFailures;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.jdbc.autoconfigure.DataSourceAutoConfiguration;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;

/**
 * The application's database at start-up, through Spring Boot's own {@code DataSource} (HikariCP):
 * a database that cannot be reached is reported naming spring.datasource.url and its host, not as
 * "The connection attempt failed."; a pool that would wait longer for a connection than the lease
 * backend's renew-timeout is warned about, naming both settings.
 */
@ExtendWith(OutputCaptureExtension.class)
class DatabaseStartupTest {
  private static final String UNKNOWN_HOST = "baton-no-such-host.invalid";

  private final ApplicationContextRunner runner =
      new ApplicationContextRunner()
          .withConfiguration(
              AutoConfigurations.of(
                  DataSourceAutoConfiguration.class,
                  BatonLeaseAutoConfiguration.class,
                  BatonElectionAutoConfiguration.class,
                  BatonFencingAutoConfiguration.class))
          .withPropertyValues("baton.election.billing.path=/services/billing/leader");

  private static String h2() {
    return "spring.datasource.url=jdbc:h2:mem:db-" + UUID.randomUUID() + ";DB_CLOSE_DELAY=-1";
  }

  private void assertUnreachable(String... properties) {
    runner
        .withPropertyValues(
            "spring.datasource.url=jdbc:postgresql://" + UNKNOWN_HOST + ":5432/baton",
            "spring.datasource.username=baton")
        .withPropertyValues(properties)
        .run(
            ctx -> {
              Throwable failure = StartupFailures.notAnInvalidValue(ctx);
              assertThat(failure)
                  .hasStackTraceContaining("could not reach the database")
                  .hasStackTraceContaining(
                      "spring.datasource.url=jdbc:postgresql://" + UNKNOWN_HOST)
                  .hasStackTraceContaining("UnknownHostException: " + UNKNOWN_HOST);
            });
  }

  @Test
  void anUnknownDatabaseHostIsReportedNamingTheUrlOnTheLeaseBackend() {
    assertUnreachable("baton.backend=lease");
  }

  @Test
  void anUnknownDatabaseHostIsReportedNamingTheUrlWhenTheFenceTableIsCreated() {
    assertUnreachable("baton.fence.create-schema=always");
  }

  @Test
  void aPoolTimeoutAboveTheRenewTimeoutIsWarnedAbout(CapturedOutput output) {
    runner
        .withPropertyValues(h2(), "baton.backend=lease")
        .run(ctx -> assertThat(ctx).hasNotFailed());
    assertThat(output)
        .contains("WARN")
        .contains("spring.datasource.hikari.connection-timeout=30s")
        .contains("baton.lease.renew-timeout=4s");
  }

  @Test
  void aPoolTimeoutWithinTheRenewTimeoutIsNot(CapturedOutput output) {
    runner
        .withPropertyValues(
            h2(), "baton.backend=lease", "spring.datasource.hikari.connection-timeout=3000")
        .run(ctx -> assertThat(ctx).hasNotFailed());
    assertThat(output).doesNotContain("spring.datasource.hikari.connection-timeout");
  }
}
