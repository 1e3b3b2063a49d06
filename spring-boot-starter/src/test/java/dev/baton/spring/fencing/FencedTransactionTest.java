// SPDX-License-Identifier: Apache-2.0
package dev.baton.spring.fencing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import dev.baton.fencing.FenceConfigurationException;
import dev.baton.fencing.FencingToken;
import dev.baton.fencing.StaleTokenException;
import dev.baton.fencing.sql.SqlFence;
import dev.baton.spring.autoconfigure.BatonFencingAutoConfiguration;
import dev.baton.spring.autoconfigure.BatonLeaderOnlyAutoConfiguration;
import dev.baton.spring.leader.CurrentTerm;
import dev.baton.spring.leader.LeaderOnly;
import dev.baton.spring.leader.TestElections;
import dev.baton.testkit.ZooKeeperServerExtension;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;
import javax.sql.DataSource;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.springframework.aop.aspectj.annotation.AnnotationAwareAspectJAutoProxyCreator;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.autoconfigure.aop.AopAutoConfiguration;
import org.springframework.boot.jdbc.autoconfigure.DataSourceTransactionManagerAutoConfiguration;
import org.springframework.boot.jdbc.autoconfigure.JdbcTemplateAutoConfiguration;
import org.springframework.boot.test.context.assertj.AssertableApplicationContext;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.boot.transaction.autoconfigure.TransactionAutoConfiguration;
import org.springframework.boot.transaction.autoconfigure.TransactionManagerCustomizationAutoConfiguration;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.env.Environment;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.transaction.TransactionExecution;
import org.springframework.transaction.TransactionExecutionListener;
import org.springframework.transaction.annotation.Transactional;

/**
 * {@link Fenced} in Spring transactions on H2 and PostgreSQL: a fresh token commits the method's
 * JdbcTemplate write with the fence, a stale one rolls both back with {@link StaleTokenException},
 * the check runs when the (outer) transaction commits, and calls without a transaction, a term or a
 * fence table fail clearly.
 */
class FencedTransactionTest {
  @RegisterExtension static final ZooKeeperServerExtension ZK = new ZooKeeperServerExtension();
  private static final Duration WAIT = Duration.ofSeconds(20);
  static final String RESOURCE = "billing-run";

  /** The fenced service: each method writes one row of the runs table. */
  static class Billing {
    private final JdbcTemplate jdbc;
    private final CurrentTerm currentTerm;
    private final String table;

    Billing(JdbcTemplate jdbc, CurrentTerm currentTerm, String table) {
      this.jdbc = jdbc;
      this.currentTerm = currentTerm;
      this.table = table;
    }

    void insert(long token, String what) {
      jdbc.update("INSERT INTO " + table + " (token, what) VALUES (?, ?)", token, what);
    }

    @LeaderOnly("billing")
    @Transactional
    @Fenced(resource = RESOURCE)
    public FencingToken run(String what) {
      insert(currentTerm.token().value(), what);
      return currentTerm.token();
    }

    @Transactional
    @Fenced(resource = "${test.resource:billing-run}", election = "billing")
    public void byElection(String what) {
      insert(-1, what);
    }

    @LeaderOnly("billing")
    @Fenced(resource = RESOURCE)
    public void withoutTransaction(String what) {
      insert(currentTerm.token().value(), what);
    }

    @LeaderOnly("billing")
    @Transactional(readOnly = true)
    @Fenced(resource = RESOURCE)
    public void readOnly() {}

    @Transactional
    @Fenced(resource = RESOURCE)
    public void withoutTerm(String what) {
      insert(-1, what);
    }

    /** Joins the caller's transaction. */
    @Fenced(resource = RESOURCE)
    public void joining(String what) {
      insert(currentTerm.token().value(), what);
    }
  }

  /** Opens the transaction that {@link Billing#joining} joins. */
  static class Outer {
    private final Billing billing;
    private final SqlFence fence;

    Outer(Billing billing, SqlFence fence) {
      this.billing = billing;
      this.fence = fence;
    }

    /** Returns what another connection sees of the fence while the transaction is still open. */
    @LeaderOnly("billing")
    @Transactional
    public Optional<FencingToken> joinThenLook(String what) {
      billing.joining(what);
      return fence.highest(RESOURCE);
    }
  }

  /** Counts the transactions begun, to see that a skipped call opens none. */
  static class Begun implements TransactionExecutionListener {
    final AtomicInteger count = new AtomicInteger();

    @Override
    public void afterBegin(TransactionExecution transaction, @Nullable Throwable beginFailure) {
      count.incrementAndGet();
    }
  }

  @Configuration(proxyBeanMethods = false)
  static class Service {
    @Bean
    Begun begun() {
      return new Begun();
    }

    @Bean
    Billing billing(JdbcTemplate jdbc, CurrentTerm currentTerm, Environment environment) {
      return new Billing(jdbc, currentTerm, environment.getRequiredProperty("test.table"));
    }

    @Bean
    Outer outer(Billing billing, SqlFence fence) {
      return new Outer(billing, fence);
    }
  }

  private void run(String db, Consumer<Fixture> test, String... properties) {
    DataSource dataSource = Databases.dataSource(db);
    String runs = Databases.uniqueTable("runs");
    String fence = Databases.uniqueTable("fence");
    String path = "/baton-test/" + runs + "/billing";
    new JdbcTemplate(dataSource)
        .execute(
            "CREATE TABLE "
                + runs
                + " (id BIGINT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,"
                + " token BIGINT NOT NULL, what VARCHAR(100) NOT NULL)");
    try {
      new ApplicationContextRunner()
          .withConfiguration(
              AutoConfigurations.of(
                  AopAutoConfiguration.class,
                  TransactionAutoConfiguration.class,
                  TransactionManagerCustomizationAutoConfiguration.class,
                  DataSourceTransactionManagerAutoConfiguration.class,
                  JdbcTemplateAutoConfiguration.class,
                  BatonLeaderOnlyAutoConfiguration.class,
                  BatonFencingAutoConfiguration.class))
          .withPropertyValues(
              "test.table=" + runs,
              "baton.fence.table=" + fence,
              "baton.fence.create-schema=always")
          .withPropertyValues(properties)
          .withBean(DataSource.class, () -> dataSource)
          .withBean(
              TestElections.class,
              () -> TestElections.start(ZK.connectString(), "node", Map.of("billing", path)),
              d -> d.setDestroyMethodName("close"))
          .withUserConfiguration(Service.class)
          .run(
              context -> {
                assertThat(context).hasNotFailed();
                TestElections elections = context.getBean(TestElections.class);
                await().atMost(WAIT).until(() -> elections.isLeader("billing"));
                test.accept(new Fixture(context, runs, elections));
              });
    } finally {
      Databases.drop(dataSource, runs, fence);
    }
  }

  /** What a test works with. */
  record Fixture(AssertableApplicationContext context, String runs, TestElections elections) {
    Billing billing() {
      return context.getBean(Billing.class);
    }

    SqlFence fence() {
      return context.getBean(SqlFence.class);
    }

    FencingToken token() {
      return elections.leadership("billing").orElseThrow().token();
    }

    List<String> rows() {
      return context
          .getBean(JdbcTemplate.class)
          .queryForList("SELECT what FROM " + runs + " ORDER BY id", String.class);
    }
  }

  @ParameterizedTest
  @ValueSource(strings = {"h2", "postgresql"})
  void aFreshTokenCommitsTheWriteAndTheFenceTogether(String db) {
    run(
        db,
        f -> {
          assertThat(f.billing().run("first")).isEqualTo(f.token());
          assertThat(f.billing().run("second")).isEqualTo(f.token());
          assertThat(f.rows()).containsExactly("first", "second");
          assertThat(f.fence().highest(RESOURCE)).contains(f.token());
        });
  }

  @ParameterizedTest
  @ValueSource(strings = {"h2", "postgresql"})
  void aStaleTokenRollsBackTheWriteAndTheFence(String db) {
    run(
        db,
        f -> {
          FencingToken newer = FencingToken.of(f.token().scope(), f.token().value() + 1000);
          f.fence().write(RESOURCE, newer, c -> null);

          assertThatThrownBy(() -> f.billing().run("stale"))
              .isInstanceOf(StaleTokenException.class)
              .hasMessageContaining("presented " + f.token());
          assertThat(f.rows()).isEmpty();
          assertThat(f.fence().highest(RESOURCE)).contains(newer);
        });
  }

  @ParameterizedTest
  @ValueSource(strings = {"h2", "postgresql"})
  void theCheckRunsWhenTheOuterTransactionCommits(String db) {
    run(
        db,
        f -> {
          Optional<FencingToken> seenInside = f.context().getBean(Outer.class).joinThenLook("x");
          assertThat(seenInside).as("the fence while the transaction was open").isEmpty();
          assertThat(f.fence().highest(RESOURCE)).contains(f.token());
          assertThat(f.rows()).containsExactly("x");
        });
  }

  @ParameterizedTest
  @ValueSource(strings = {"h2", "postgresql"})
  void aNamedElectionFencesWithoutLeaderOnly(String db) {
    run(
        db,
        f -> {
          f.billing().byElection("by election");
          assertThat(f.rows()).containsExactly("by election");
          assertThat(f.fence().highest(RESOURCE)).contains(f.token());
        });
  }

  @ParameterizedTest
  @ValueSource(strings = {"h2"})
  void withoutAspectJTheFenceStillRunsInsideTheTransaction(String db) {
    run(
        db,
        f -> {
          assertThat(f.context()).doesNotHaveBean(AnnotationAwareAspectJAutoProxyCreator.class);
          FencingToken newer = FencingToken.of(f.token().scope(), f.token().value() + 1);
          f.fence().write(RESOURCE, newer, c -> null);
          assertThatThrownBy(() -> f.billing().run("stale"))
              .isInstanceOf(StaleTokenException.class);
          assertThat(f.rows()).isEmpty();
        },
        "spring.aop.auto=false");
  }

  @ParameterizedTest
  @ValueSource(strings = {"h2"})
  void aSkippedCallOpensNoTransaction(String db) {
    run(
        db,
        f -> {
          Begun begun = f.context().getBean(Begun.class);
          assertThat(f.billing().run("leader")).isNotNull();
          assertThat(begun.count).hasValue(1);
          f.elections().election("billing").close();
          assertThat(f.billing().run("follower")).isNull();
          assertThat(begun.count).hasValue(1);
          assertThat(f.rows()).containsExactly("leader");
        });
  }

  @ParameterizedTest
  @ValueSource(strings = {"h2"})
  void aNamedElectionThisInstanceDoesNotLeadIsRefused(String db) {
    run(
        db,
        f -> {
          f.elections().election("billing").close();
          assertThatThrownBy(() -> f.billing().byElection("not leader"))
              .isInstanceOf(NotLeaderException.class)
              .hasMessageContaining("election 'billing'");
          assertThat(f.rows()).isEmpty();
        });
  }

  @ParameterizedTest
  @ValueSource(strings = {"h2"})
  void withoutATransactionNothingIsWritten(String db) {
    run(
        db,
        f -> {
          assertThatThrownBy(() -> f.billing().withoutTransaction("no tx"))
              .isInstanceOf(IllegalStateException.class)
              .hasMessageContaining("Billing#withoutTransaction")
              .hasMessageContaining("needs an active Spring-managed transaction");
          assertThat(f.rows()).isEmpty();
          assertThat(f.fence().highest(RESOURCE)).isEmpty();
        });
  }

  @ParameterizedTest
  @ValueSource(strings = {"h2"})
  void aReadOnlyTransactionIsRefused(String db) {
    run(
        db,
        f ->
            assertThatThrownBy(() -> f.billing().readOnly())
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("read-only"));
  }

  @ParameterizedTest
  @ValueSource(strings = {"h2"})
  void withoutATermNothingIsWritten(String db) {
    run(
        db,
        f -> {
          assertThatThrownBy(() -> f.billing().withoutTerm("no term"))
              .isInstanceOf(IllegalStateException.class)
              .hasMessageContaining("has no term to fence with");
          assertThat(f.rows()).isEmpty();
        });
  }

  @ParameterizedTest
  @ValueSource(strings = {"h2", "postgresql"})
  void aMissingFenceTableRollsBackNamingTheDdl(String db) {
    run(
        db,
        f -> {
          Databases.drop(f.context().getBean(DataSource.class), f.fence().table());
          assertThatThrownBy(() -> f.billing().run("no table"))
              .isInstanceOf(FenceConfigurationException.class)
              .hasMessageContaining("baton.fence.create-schema=always")
              .hasMessageContaining("CREATE TABLE IF NOT EXISTS " + f.fence().table());
          assertThat(f.rows()).isEmpty();
        });
  }
}
