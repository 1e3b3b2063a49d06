// SPDX-License-Identifier: Apache-2.0
package dev.baton.spring.readme;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.baton.spring.election.ElectionTerms;
import dev.baton.testkit.ReadmeSnippets;
import dev.baton.testkit.ZooKeeperServerExtension;
import java.time.Duration;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.springframework.boot.Banner;
import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.annotation.Import;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.datasource.DriverManagerDataSource;
import org.springframework.scheduling.annotation.EnableScheduling;

/**
 * The README's five-minute path, as a user's application: full auto-configuration, the README's
 * {@link Billing} class, H2, and the README's two properties (plus what the test harness needs: the
 * server's address, a fast schedule, distinct instance ids for two instances in one JVM). Exactly
 * one of two instances writes; when it stops, the other writes with a higher token.
 */
class ReadmeFiveMinuteTest {
  @RegisterExtension static final ZooKeeperServerExtension ZK = new ZooKeeperServerExtension();

  @SpringBootConfiguration
  @EnableAutoConfiguration
  @EnableScheduling
  @Import(Billing.class)
  static class BillingApplication {}

  private final String database = "readme-" + UUID.randomUUID();
  private ConfigurableApplicationContext first;
  private ConfigurableApplicationContext second;

  @AfterEach
  void close() {
    for (ConfigurableApplicationContext c : new ConfigurableApplicationContext[] {first, second}) {
      if (c != null) {
        c.close();
      }
    }
  }

  @Test
  void theReadmeShowsThisBillingClass() {
    ReadmeSnippets.assertInReadme(
        "spring-boot-starter/src/test/java/dev/baton/spring/readme/Billing.java");
  }

  @Test
  void oneInstanceBillsAndTheOtherTakesOverWithAHigherToken() {
    first = start("a");
    second = start("b");
    // The test reads the table on its own connection: the leader's pool closes with its context.
    JdbcTemplate jdbc = new JdbcTemplate(new DriverManagerDataSource(url(), "sa", ""));
    await().atMost(Duration.ofSeconds(10)).until(() -> tokens(jdbc).size() >= 3);
    ConfigurableApplicationContext leader = leads(first) ? first : second;
    ConfigurableApplicationContext follower = leader == first ? second : first;
    assertThat(leads(follower)).isFalse();
    assertThat(tokens(jdbc)).as("one term, one writer").containsOnly(tokens(jdbc).get(0));
    long before = tokens(jdbc).get(0);

    leader.close();
    await()
        .atMost(Duration.ofSeconds(10))
        .untilAsserted(() -> assertThat(tokens(jdbc)).anyMatch(t -> t > before));
    List<Long> all = tokens(jdbc);
    assertThat(all).as("tokens never go back").isSorted();
    if (leader == first) {
      first = null;
    } else {
      second = null;
    }
  }

  private ConfigurableApplicationContext start(String instance) {
    return new SpringApplicationBuilder(BillingApplication.class)
        .web(WebApplicationType.NONE)
        .bannerMode(Banner.Mode.OFF)
        .logStartupInfo(false)
        .registerShutdownHook(false)
        .properties(
            // The README's two properties:
            "baton.connect-string=" + ZK.connectString(),
            "baton.election.billing.path=/services/billing/leader",
            // The harness's:
            "baton.instance-id=billing-" + instance,
            "billing.interval=100ms",
            "spring.datasource.url=" + url(),
            "spring.sql.init.schema-locations=classpath:readme-schema.sql")
        .run();
  }

  private String url() {
    return "jdbc:h2:mem:" + database + ";DB_CLOSE_DELAY=-1";
  }

  private static boolean leads(ConfigurableApplicationContext app) {
    return app.getBean(ElectionTerms.class).isLeader("billing");
  }

  private static List<Long> tokens(JdbcTemplate jdbc) {
    return jdbc.queryForList("SELECT token FROM invoices ORDER BY id", Long.class);
  }
}
