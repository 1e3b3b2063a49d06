// SPDX-License-Identifier: Apache-2.0
package dev.baton.spring.lease;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.baton.fencing.FencingToken;
import dev.baton.recipes.BatonSession;
import dev.baton.spring.election.BatonElection;
import dev.baton.spring.election.BatonElections;
import dev.baton.spring.leader.CurrentTerm;
import dev.baton.spring.leader.LeaderOnly;
import dev.baton.spring.readme.Billing;
import dev.baton.testkit.PostgresFixture;
import dev.baton.testkit.SqlTables;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicInteger;
import javax.sql.DataSource;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.springframework.boot.Banner;
import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.health.actuate.endpoint.HealthEndpoint;
import org.springframework.boot.health.actuate.endpoint.IndicatedHealthDescriptor;
import org.springframework.boot.health.contributor.Status;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.Import;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.datasource.DriverManagerDataSource;
import org.springframework.scheduling.annotation.EnableScheduling;

/**
 * Whole applications on {@code baton.backend=lease}, without ZooKeeper: a declared election leads,
 * {@code @LeaderOnly} runs only on the leader (and the README's fenced job writes only there),
 * health shows the election, and closing the leader's context releases the lease, so that another
 * instance leads at once with the next token. On H2, and once on the test PostgreSQL (which must be
 * running: the test fails without it).
 */
class LeaseApplicationTest {
  private static final AtomicInteger NAMES = new AtomicInteger();
  private static final String PATH = "/services/billing/leader";

  /** Well below the lease duration (15 s): a takeover this fast means the lease was released. */
  private static final Duration AT_ONCE = Duration.ofSeconds(5);

  /** A {@code @LeaderOnly} method that reports the term it ran under. */
  public static class Probe {
    private final CurrentTerm term;
    private final AtomicInteger runs = new AtomicInteger();

    public Probe(CurrentTerm term) {
      this.term = term;
    }

    @LeaderOnly("billing")
    public Optional<FencingToken> token() {
      runs.incrementAndGet();
      return Optional.of(term.token());
    }

    /** Calls that ran (a method: the proxy's own fields are not the bean's). */
    public int runs() {
      return runs.get();
    }
  }

  @Configuration(proxyBeanMethods = false)
  static class ProbeConfiguration {
    @Bean
    Probe probe(CurrentTerm term) {
      return new Probe(term);
    }
  }

  @SpringBootConfiguration
  @EnableAutoConfiguration
  @Import(ProbeConfiguration.class)
  static class ProbeApplication {}

  @SpringBootConfiguration
  @EnableAutoConfiguration
  @EnableScheduling
  @Import({Billing.class, ProbeConfiguration.class})
  static class BillingApplication {}

  private final List<ConfigurableApplicationContext> apps = new ArrayList<>();

  @AfterEach
  void closeAll() {
    apps.forEach(ConfigurableApplicationContext::close);
  }

  private ConfigurableApplicationContext start(
      Class<?> application, String instance, String url, String... more) {
    List<String> props =
        new ArrayList<>(
            List.of(
                "baton.backend=lease",
                "baton.election.billing.path=" + PATH,
                "baton.instance-id=billing-" + instance,
                "baton.lease.poll-interval=200ms",
                "spring.datasource.url=" + url,
                "management.endpoint.health.show-details=always"));
    props.addAll(List.of(more));
    ConfigurableApplicationContext app =
        new SpringApplicationBuilder(application)
            .web(WebApplicationType.NONE)
            .bannerMode(Banner.Mode.OFF)
            .logStartupInfo(false)
            .registerShutdownHook(false)
            .properties(props.toArray(String[]::new))
            .run();
    apps.add(app);
    return app;
  }

  private static BatonElection election(ConfigurableApplicationContext app) {
    return app.getBean(BatonElections.class).get("billing");
  }

  private static long awaitLeads(ConfigurableApplicationContext app, Duration within) {
    BatonElection e = election(app);
    await().atMost(within).until(e::isLeader);
    return e.leadership().orElseThrow().token().value();
  }

  private static Map<String, Object> health(ConfigurableApplicationContext app) {
    IndicatedHealthDescriptor h = descriptor(app);
    assertThat(h.getStatus()).isEqualTo(Status.UP);
    return h.getDetails();
  }

  private static IndicatedHealthDescriptor descriptor(ConfigurableApplicationContext app) {
    IndicatedHealthDescriptor h =
        (IndicatedHealthDescriptor)
            app.getBean(HealthEndpoint.class).healthForPath("baton", "billing");
    assertThat(h).as("the baton health of election billing").isNotNull();
    return h;
  }

  /** The lease row's holder, or null once released. */
  private static String holder(DataSource db, String table) {
    return new JdbcTemplate(db)
        .queryForObject("SELECT holder FROM " + table + " WHERE name = ?", String.class, PATH);
  }

  private void close(ConfigurableApplicationContext app) {
    app.close();
    apps.remove(app);
  }

  /**
   * Two instances, then a handover on close, then a fresh instance on the released lease.
   *
   * @return the first leader's token
   */
  private long leadFollowHandOver(
      Class<?> application, String url, DataSource db, String table, String... more) {
    List<String> props = new ArrayList<>(List.of(more));
    props.add("baton.lease.table=" + table);
    String[] p = props.toArray(String[]::new);
    ConfigurableApplicationContext a = start(application, "a", url, p);
    long first = awaitLeads(a, Duration.ofSeconds(10));
    ConfigurableApplicationContext b = start(application, "b", url, p);
    assertThat(b.getBeansOfType(BatonSession.class)).as("no ZooKeeper").isEmpty();

    assertThat(a.getBean(Probe.class).token()).contains(FencingToken.of(PATH, first));
    assertThat(b.getBean(Probe.class).token()).as("skipped on the follower").isEmpty();
    assertThat(b.getBean(Probe.class).runs()).isZero();
    assertThat(health(a))
        .containsEntry("leader", true)
        .containsEntry("token", FencingToken.of(PATH, first).toString())
        .containsEntry("backend", "lease")
        .containsEntry("leaderId", "billing-a");
    assertThat(health(b))
        .containsEntry("leader", false)
        .containsEntry("token", "none")
        .containsEntry("backend", "lease");

    close(a);
    assertThat(awaitLeads(b, AT_ONCE)).as("the next holder's token").isEqualTo(first + 1);
    assertThat(b.getBean(Probe.class).token()).contains(FencingToken.of(PATH, first + 1));

    close(b);
    assertThat(holder(db, table)).as("released on close").isNull();
    ConfigurableApplicationContext c = start(application, "c", url, p);
    assertThat(awaitLeads(c, AT_ONCE)).isEqualTo(first + 2);
    return first;
  }

  /** On H2 with the README's fenced, scheduled {@code @LeaderOnly} job writing invoices. */
  @Test
  void onH2AnElectionLeadsFollowsAndHandsOverOnCloseAndOnlyLeadersWrite() {
    String url = "jdbc:h2:mem:lease-app-" + UUID.randomUUID() + ";DB_CLOSE_DELAY=-1";
    DataSource db = new DriverManagerDataSource(url, "sa", "");
    long first =
        leadFollowHandOver(
            BillingApplication.class,
            url,
            db,
            "baton_lease",
            "billing.interval=100ms",
            "spring.sql.init.schema-locations=classpath:readme-schema.sql");
    JdbcTemplate jdbc = new JdbcTemplate(db);
    await().atMost(Duration.ofSeconds(10)).until(() -> invoices(jdbc).contains(first + 2));
    List<Long> tokens = invoices(jdbc);
    assertThat(tokens).as("tokens never go back").isSorted().contains(first);
    assertThat(tokens).as("only leaders wrote").isSubsetOf(first, first + 1, first + 2);
  }

  @Test
  void onPostgreSqlAnElectionLeadsFollowsAndHandsOverOnClose() {
    DataSource pg = PostgresFixture.dataSource();
    String table =
        "baton_lease_app_" + ProcessHandle.current().pid() + "_" + NAMES.incrementAndGet();
    try {
      leadFollowHandOver(ProbeApplication.class, PostgresFixture.url(), pg, table);
    } finally {
      apps.forEach(ConfigurableApplicationContext::close);
      apps.clear();
      SqlTables.drop(pg, table);
    }
  }

  /** A statement that fails shows in the election's health as {@code degraded}, with its error. */
  @Test
  void aFailingStatementIsShownInTheHealthAsDegraded() {
    String url = "jdbc:h2:mem:lease-app-" + UUID.randomUUID() + ";DB_CLOSE_DELAY=-1";
    ConfigurableApplicationContext a = start(ProbeApplication.class, "a", url);
    awaitLeads(a, Duration.ofSeconds(10));
    assertThat(health(a)).doesNotContainKey("degraded");

    new JdbcTemplate(new DriverManagerDataSource(url, "sa", "")).execute("DROP TABLE baton_lease");

    await()
        .atMost(Duration.ofSeconds(10))
        .untilAsserted(
            () -> {
              IndicatedHealthDescriptor h = descriptor(a);
              assertThat(h.getStatus()).isEqualTo(Status.DOWN);
              assertThat(h.getDetails())
                  .containsEntry("connected", false)
                  .hasEntrySatisfying(
                      "degraded",
                      why ->
                          assertThat((String) why)
                              .contains(PATH)
                              .containsIgnoringCase("baton_lease"));
            });
  }

  private static List<Long> invoices(JdbcTemplate jdbc) {
    return jdbc.queryForList("SELECT token FROM invoices ORDER BY id", Long.class);
  }
}
