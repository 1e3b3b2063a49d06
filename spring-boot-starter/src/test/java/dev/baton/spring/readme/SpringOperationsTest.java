// SPDX-License-Identifier: Apache-2.0
package dev.baton.spring.readme;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.read.ListAppender;
import dev.baton.fencing.FencingToken;
import dev.baton.fencing.StaleTokenException;
import dev.baton.fencing.sql.SqlFence;
import dev.baton.recipes.RevocationReason;
import dev.baton.spring.availability.AvailabilityGuard;
import dev.baton.spring.election.BatonElection;
import dev.baton.spring.election.BatonElections;
import dev.baton.spring.election.LeadershipRevokedEvent;
import dev.baton.testkit.PostgresFixture;
import dev.baton.testkit.ReadmeSnippets;
import dev.baton.testkit.ZooKeeperServerExtension;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.sql.DataSource;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.slf4j.LoggerFactory;
import org.springframework.boot.Banner;
import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.boot.availability.AvailabilityChangeEvent;
import org.springframework.boot.availability.ReadinessState;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.context.event.ApplicationPreparedEvent;
import org.springframework.boot.health.actuate.endpoint.HealthEndpoint;
import org.springframework.boot.health.actuate.endpoint.IndicatedHealthDescriptor;
import org.springframework.boot.health.contributor.Status;
import org.springframework.context.ApplicationListener;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.Import;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.datasource.DriverManagerDataSource;
import org.springframework.scheduling.annotation.EnableScheduling;

/**
 * The facts of docs/spring.md, its five-minute path included, beyond {@link ReadmeFiveMinuteTest}:
 * the Spring Boot version and the BOM, PostgreSQL's third property, what becomes of a stale run's
 * {@link StaleTokenException}, the health document, and readiness.
 */
class SpringOperationsTest {
  @RegisterExtension static final ZooKeeperServerExtension ZK = new ZooKeeperServerExtension();
  private static final Duration WAIT = Duration.ofSeconds(15);
  private static final String TASK_ERRORS =
      "org.springframework.scheduling.support.TaskUtils$LoggingErrorHandler";

  @SpringBootConfiguration
  @EnableAutoConfiguration
  @EnableScheduling
  @Import({Billing.class, Revocations.class})
  static class BillingApplication {}

  @SpringBootConfiguration
  @EnableAutoConfiguration
  @EnableScheduling
  @Import({Billing.class, StaleRuns.class, Meters.class})
  static class CountingApplication {}

  @Configuration(proxyBeanMethods = false)
  static class Meters {
    @Bean
    MeterRegistry meterRegistry() {
      return new SimpleMeterRegistry();
    }
  }

  /** The reasons of this instance's revocations. */
  static class Revocations implements ApplicationListener<LeadershipRevokedEvent> {
    final List<RevocationReason> reasons = new CopyOnWriteArrayList<>();

    @Override
    public void onApplicationEvent(LeadershipRevokedEvent event) {
      reasons.add(event.reason());
    }
  }

  private final String database = "ops-" + UUID.randomUUID();
  private final String path = "/ops/" + UUID.randomUUID() + "/leader";
  private final List<ConfigurableApplicationContext> apps = new ArrayList<>();
  private final List<Runnable> cleanups = new ArrayList<>();

  @AfterEach
  void close() {
    apps.forEach(ConfigurableApplicationContext::close);
    cleanups.forEach(Runnable::run);
  }

  @Test
  void theReadmeNamesTheSpringBootVersionOfThePomAndTheBom() throws IOException {
    String pom = Files.readString(root().resolve("pom.xml"), StandardCharsets.UTF_8);
    String boot = tag(pom, "spring-boot.version");
    String version =
        tag(pom.substring(pom.indexOf("<artifactId>baton-parent</artifactId>")), "version");
    String section = fiveMinutes();
    assertThat(section.replaceAll("\\s+", " "))
        .contains("Spring Boot 4.0 (built and tested with " + boot + "), Java 17+")
        .contains(
            "With `baton-bom` imported ([Dependencies](operations.md#dependencies)) leave the version"
                + " out");
    assertThat(section)
        .contains(
            "<artifactId>baton-spring-boot-starter</artifactId>\n  <version>"
                + version
                + "</version>");
    assertThat(boot).startsWith("4.0.");
  }

  @Test
  void onPostgresqlTheFenceNeedsTheThirdProperty() {
    String docs = ReadmeSnippets.readme();
    assertThat(docs.replaceAll("[ \\n]+", " "))
        .contains(
            "Two properties: where ZooKeeper is, and the election's path (on PostgreSQL a third,"
                + " `baton.fence.create-schema=always`: see below).");
    assertThat(docs)
        .contains(
            "```properties\nbaton.connect-string=zk1:2181,zk2:2181,zk3:2181\n"
                + "baton.election.billing.path=/services/billing/leader\n"
                + "baton.fence.create-schema=always\n```");

    String three = schema();
    ConfigurableApplicationContext app =
        start(BillingApplication.class, "a", postgres(three), "baton.fence.create-schema=always");
    JdbcTemplate jdbc = new JdbcTemplate(PostgresFixture.dataSource());
    await().atMost(WAIT).until(() -> count(jdbc, three + ".invoices") > 0);
    assertThat(tableExists(jdbc, three, "baton_fence")).isTrue();
    app.close();

    String two = schema();
    assertThatThrownBy(
            () -> start(BillingApplication.class, "b", postgres(two), "billing.interval=1h"))
        .hasStackTraceContaining("baton_fence")
        .hasStackTraceContaining("baton.fence.create-schema");
    assertThat(tableExists(jdbc, two, "baton_fence")).isFalse();
    assertThat(docs.replaceAll("\\s+", " "))
        .contains(
            "Without the third, the application does not start: the missing `baton_fence` table"
                + " fails the start, naming the table and `baton.fence.create-schema`.");
  }

  @Test
  void aStaleRunIsLoggedAtErrorBySpringsSchedulerByDefault() {
    ConfigurableApplicationContext app = start(BillingApplication.class, "a", h2());
    await().atMost(WAIT).until(() -> election(app).isLeader());
    ListAppender<ILoggingEvent> log = capture(TASK_ERRORS);

    newerLeaderWrites(app);

    await()
        .atMost(WAIT)
        .untilAsserted(
            () ->
                assertThat(log.list)
                    .anySatisfy(
                        e -> {
                          assertThat(e.getLevel()).isEqualTo(Level.ERROR);
                          assertThat(e.getFormattedMessage())
                              .isEqualTo("Unexpected error occurred in scheduled task");
                          assertThat(e.getThrowableProxy().getClassName())
                              .isEqualTo(StaleTokenException.class.getName());
                        }));
    assertThat(ReadmeSnippets.readme().replaceAll("\\s+", " "))
        .contains(
            "by default `TaskUtils.LOG_AND_SUPPRESS_ERROR_HANDLER`: one ERROR line \"Unexpected"
                + " error occurred in scheduled task\" with the stack trace, on the logger `"
                + TASK_ERRORS
                + "`");
  }

  @Test
  void theDocumentedErrorHandlerCountsStaleRuns() {
    ReadmeSnippets.assertInReadme(
        "spring-boot-starter/src/test/java/dev/baton/spring/readme/StaleRuns.java");
    ConfigurableApplicationContext app = start(CountingApplication.class, "a", h2());
    await().atMost(WAIT).until(() -> election(app).isLeader());
    MeterRegistry meters = app.getBean(MeterRegistry.class);

    newerLeaderWrites(app);

    await().atMost(WAIT).until(() -> meters.counter("billing.stale.runs").count() >= 1);
    assertThat(meters.getMeters())
        .as("Baton counts no stale run of its own")
        .noneMatch(m -> m.getId().getName().matches("baton\\..*(stale|fence).*"));
    assertThat(ReadmeSnippets.readme().replaceAll("\\s+", " "))
        .contains("Baton neither logs nor counts it");
  }

  @Test
  void theHealthPathShowsTheLeadersTokenAndNoneOnAFollower() {
    ConfigurableApplicationContext a = start(BillingApplication.class, "a", h2());
    await().atMost(WAIT).until(() -> election(a).isLeader());
    ConfigurableApplicationContext b = start(BillingApplication.class, "b", h2());
    await().atMost(WAIT).until(() -> details(b).containsKey("leaderId"));

    IndicatedHealthDescriptor leader = health(a);
    IndicatedHealthDescriptor follower = health(b);
    assertThat(leader.getStatus()).isEqualTo(Status.UP);
    assertThat(leader.getDetails())
        .containsEntry("leader", true)
        .containsEntry("participation", "JOINED")
        .containsEntry("participantId", "billing-a")
        .containsEntry("leaderId", "billing-a")
        .containsEntry("participants", 2)
        .containsKeys("termStart", "path", "role", "backend", "connected", "state");
    assertThat((String) leader.getDetails().get("token")).matches("ft:\\d+@" + path);
    assertThat(follower.getStatus()).isEqualTo(Status.UP);
    assertThat(follower.getDetails())
        .containsEntry("leader", false)
        .containsEntry("token", "none")
        .containsEntry("leaderId", "billing-a")
        .doesNotContainKey("termStart");
    assertThat(ReadmeSnippets.readme())
        .contains("`/actuator/health/baton/billing` then shows the election")
        .contains("With Actuator, `GET /actuator/health/baton/billing` is the election `billing`")
        .contains("On a follower `\"leader\": false` and `\"token\": \"none\"`");
  }

  @Test
  void refusingTrafficEndsTheTermWithClosedAndTheHealthIsUnknown() {
    String guard = "baton.availability.resign-when-unavailable=true";
    ConfigurableApplicationContext a = start(BillingApplication.class, "a", h2(), guard);
    ConfigurableApplicationContext b = start(BillingApplication.class, "b", h2(), guard);
    await().atMost(WAIT).until(() -> election(a).isLeader() || election(b).isLeader());
    ConfigurableApplicationContext leader = election(a).isLeader() ? a : b;
    ConfigurableApplicationContext other = leader == a ? b : a;
    // Start-up does not count as unavailable: the guard has not left, so no term ended yet.
    assertThat(a.getBean(AvailabilityGuard.class).isHoldingOut()).isFalse();
    assertThat(b.getBean(AvailabilityGuard.class).isHoldingOut()).isFalse();
    List<RevocationReason> reasons = leader.getBean(Revocations.class).reasons;
    assertThat(reasons).isEmpty();

    AvailabilityChangeEvent.publish(leader, ReadinessState.REFUSING_TRAFFIC);

    await().atMost(WAIT).until(() -> election(other).isLeader());
    await()
        .atMost(WAIT)
        .untilAsserted(() -> assertThat(reasons).containsExactly(RevocationReason.CLOSED));
    assertThat(health(leader).getStatus()).isEqualTo(Status.UNKNOWN);
    assertThat(health(leader).getDetails()).containsEntry("participation", "LEFT");

    AvailabilityChangeEvent.publish(leader, ReadinessState.ACCEPTING_TRAFFIC);

    await()
        .atMost(WAIT)
        .until(() -> election(leader).participation() == BatonElection.Participation.JOINED);
    assertThat(ReadmeSnippets.readme().replaceAll("\\s+", " "))
        .contains("`AvailabilityChangeEvent.publish(context, ReadinessState.REFUSING_TRAFFIC)`")
        .contains("`reason()` `RevocationReason.CLOSED`")
        .contains("the election's health is `UNKNOWN` with `\"participation\": \"LEFT\"`")
        .contains("so a term won during start-up is kept");
  }

  @Test
  void aShortSessionTimeoutAloneStartsWithoutCuratorsWarning() {
    ListAppender<ILoggingEvent> quiet = new ListAppender<>();
    start(BillingApplication.class, "a", quiet, h2(), "baton.session-timeout=3s");
    assertThat(quiet.list).noneMatch(e -> e.getFormattedMessage().startsWith("session timeout"));

    // An explicit connection timeout longer than the session timeout is kept, and Curator says so.
    ListAppender<ILoggingEvent> warned = new ListAppender<>();
    start(
        BillingApplication.class,
        "b",
        warned,
        h2(),
        "baton.session-timeout=3s",
        "baton.connection-timeout=5s");
    assertThat(warned.list)
        .anySatisfy(
            e ->
                assertThat(e.getFormattedMessage())
                    .isEqualTo("session timeout [3000] is less than connection timeout [5000]"));
    assertThat(ReadmeSnippets.readme())
        .contains("`connection-timeout` (5s, or `session-timeout` if that is shorter)");
  }

  private ConfigurableApplicationContext start(
      Class<?> application, String instance, List<String> database, String... extra) {
    return start(application, instance, null, database, extra);
  }

  private ConfigurableApplicationContext start(
      Class<?> application,
      String instance,
      ListAppender<ILoggingEvent> curatorLog,
      List<String> database,
      String... extra) {
    List<String> properties = new ArrayList<>();
    properties.add("baton.connect-string=" + ZK.connectString());
    properties.add("baton.election.billing.path=" + path);
    properties.add("baton.instance-id=billing-" + instance);
    properties.add("billing.interval=100ms");
    properties.add("management.endpoint.health.show-details=always");
    properties.addAll(database);
    properties.addAll(List.of(extra));
    SpringApplicationBuilder builder =
        new SpringApplicationBuilder(application)
            .web(WebApplicationType.NONE)
            .bannerMode(Banner.Mode.OFF)
            .logStartupInfo(false)
            .registerShutdownHook(false)
            .properties(properties.toArray(String[]::new));
    if (curatorLog != null) {
      // After Spring Boot has set up logging, before the beans (and the session) are created.
      builder.listeners(
          event -> {
            if (event instanceof ApplicationPreparedEvent) {
              attach("org.apache.curator.CuratorZookeeperClient", curatorLog);
            }
          });
    }
    ConfigurableApplicationContext app = builder.run();
    apps.add(app);
    return app;
  }

  private List<String> h2() {
    return List.of(
        "spring.datasource.url=jdbc:h2:mem:" + database + ";DB_CLOSE_DELAY=-1",
        "spring.sql.init.schema-locations=classpath:readme-schema.sql");
  }

  private static List<String> postgres(String schema) {
    return List.of("spring.datasource.url=" + PostgresFixture.url() + "&currentSchema=" + schema);
  }

  /** A fresh PostgreSQL schema with the README's invoices table, dropped after the test. */
  private String schema() {
    String schema = "readme_ops_" + ProcessHandle.current().pid() + "_" + System.nanoTime();
    JdbcTemplate jdbc = new JdbcTemplate(PostgresFixture.dataSource());
    jdbc.execute("CREATE SCHEMA " + schema);
    jdbc.execute(
        "CREATE TABLE "
            + schema
            + ".invoices (id BIGINT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,"
            + " token BIGINT NOT NULL)");
    cleanups.add(() -> jdbc.execute("DROP SCHEMA " + schema + " CASCADE"));
    return schema;
  }

  private static boolean tableExists(JdbcTemplate jdbc, String schema, String table) {
    Integer n =
        jdbc.queryForObject(
            "SELECT COUNT(*) FROM information_schema.tables WHERE table_schema = ?"
                + " AND table_name = ?",
            Integer.class,
            schema,
            table);
    return n != null && n > 0;
  }

  private static long count(JdbcTemplate jdbc, String table) {
    Long n = jdbc.queryForObject("SELECT COUNT(*) FROM " + table, Long.class);
    return n == null ? 0 : n;
  }

  /** A newer leader's write to the README's resource, as the fence sees it. */
  private static void newerLeaderWrites(ConfigurableApplicationContext app) {
    FencingToken mine = election(app).leadership().orElseThrow().token();
    DataSource db =
        new DriverManagerDataSource(
            app.getEnvironment().getProperty("spring.datasource.url"), "sa", "");
    SqlFence fence = SqlFence.create(db, "baton_fence", "a newer leader");
    fence.write("billing-run", FencingToken.of(mine.scope(), mine.value() + 1_000), c -> null);
  }

  private static BatonElection election(ConfigurableApplicationContext app) {
    return app.getBean(BatonElections.class).get("billing");
  }

  private static IndicatedHealthDescriptor health(ConfigurableApplicationContext app) {
    return (IndicatedHealthDescriptor)
        app.getBean(HealthEndpoint.class).healthForPath("baton", "billing");
  }

  private static Map<String, Object> details(ConfigurableApplicationContext app) {
    return health(app).getDetails();
  }

  private ListAppender<ILoggingEvent> capture(String logger) {
    ListAppender<ILoggingEvent> appender = new ListAppender<>();
    attach(logger, appender);
    return appender;
  }

  private void attach(String logger, ListAppender<ILoggingEvent> appender) {
    ch.qos.logback.classic.Logger target =
        (ch.qos.logback.classic.Logger) LoggerFactory.getLogger(logger);
    appender.start();
    target.addAppender(appender);
    cleanups.add(() -> target.detachAppender(appender));
  }

  private static String fiveMinutes() {
    String readme = ReadmeSnippets.readme();
    int start = readme.indexOf("\n## Five minutes: a fenced leader-only job\n");
    assertThat(start).as("the five-minute section of docs/spring.md").isNotNegative();
    return readme.substring(start, readme.indexOf("\n## ", start + 1));
  }

  private static String tag(String xml, String name) {
    Matcher m = Pattern.compile("<" + Pattern.quote(name) + ">([^<]+)</").matcher(xml);
    assertThat(m.find()).as("<%s> in the pom", name).isTrue();
    return m.group(1).trim();
  }

  private static Path root() {
    Path dir = Path.of("").toAbsolutePath();
    while (dir != null && !Files.exists(dir.resolve("README.md"))) {
      dir = dir.getParent();
    }
    assertThat(dir).as("the repository root").isNotNull();
    return dir;
  }
}
