// SPDX-License-Identifier: Apache-2.0
package dev.baton.spring.autoconfigure;

import static java.util.Objects.requireNonNullElse;

import dev.baton.fencing.FenceConfigurationException;
import dev.baton.fencing.sql.SqlFence;
import dev.baton.fencing.sql.SqlFenceSchema;
import dev.baton.recipes.CoordinationException;
import dev.baton.recipes.scheduler.ClaimConfig;
import dev.baton.recipes.scheduler.JobStore;
import dev.baton.recipes.scheduler.SqlJobStore;
import dev.baton.spring.fencing.FenceProperties;
import dev.baton.spring.fencing.Fenced;
import dev.baton.spring.fencing.JobStoreProperties;
import dev.baton.spring.fencing.TransactionalFence;
import dev.baton.spring.leader.FencedPostProcessor;
import java.util.Arrays;
import java.util.stream.Stream;
import javax.sql.DataSource;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.SmartInitializingSingleton;
import org.springframework.beans.factory.config.BeanDefinition;
import org.springframework.beans.factory.config.ConfigurableListableBeanFactory;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnSingleCandidate;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.boot.jdbc.EmbeddedDatabaseConnection;
import org.springframework.boot.sql.init.DatabaseInitializationMode;
import org.springframework.boot.sql.init.dependency.DependsOnDatabaseInitialization;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.Role;
import org.springframework.core.env.Environment;
import org.springframework.jdbc.datasource.DataSourceUtils;
import org.springframework.transaction.support.TransactionSynchronizationManager;

/**
 * Fenced writes in Spring transactions: {@link Fenced} methods always (so one without a fence fails
 * the start, not commits unfenced), and on the single {@code DataSource} a {@link SqlFence}, {@link
 * TransactionalFence} and the scheduler's {@link JobStore}, unless already defined.
 */
@AutoConfiguration(
    afterName = {
      "org.springframework.boot.jdbc.autoconfigure.DataSourceAutoConfiguration",
      "org.springframework.boot.jdbc.autoconfigure.DataSourceTransactionManagerAutoConfiguration"
    })
@ConditionalOnClass({
  SqlFence.class,
  DataSourceUtils.class,
  TransactionSynchronizationManager.class
})
public class BatonFencingAutoConfiguration {

  /** Applies {@link Fenced}; static, as bean post-processors must be. */
  @Bean
  @Role(BeanDefinition.ROLE_INFRASTRUCTURE)
  public static FencedPostProcessor batonFencedPostProcessor(Environment environment) {
    FencedPostProcessor processor = new FencedPostProcessor();
    processor.setProxyTargetClass(
        environment.getProperty("spring.aop.proxy-target-class", Boolean.class, true));
    return processor;
  }

  /** The fence and the job store on the application's {@code DataSource}. */
  @Configuration(proxyBeanMethods = false)
  @ConditionalOnSingleCandidate(DataSource.class)
  @ConditionalOnClass(EmbeddedDatabaseConnection.class)
  @EnableConfigurationProperties({FenceProperties.class, JobStoreProperties.class})
  static class DataSourceFencing {
    private static final Logger log = LoggerFactory.getLogger(BatonFencingAutoConfiguration.class);
    private static final String FENCE_BEAN = "batonSqlFence";
    private static final String TRANSACTIONAL_FENCE_BEAN = "batonTransactionalFence";

    /** The fence, its table created at start-up as {@code baton.fence.create-schema} says. */
    @Bean(FENCE_BEAN)
    @ConditionalOnMissingBean
    SqlFence batonSqlFence(
        DataSource dataSource, FenceProperties properties, Environment environment) {
      String table = fenceTable(properties);
      String holder =
          properties.holder() != null
              ? properties.holder()
              : environment.getProperty("spring.application.name");
      SqlFence fence =
          PropertyCheck.blame(
              "baton.fence.table", table, () -> SqlFence.create(dataSource, table, holder));
      DatabaseStartup.createSchema(
          environment,
          dataSource,
          properties.createSchema(),
          "the fence table " + table,
          "",
          "SqlFenceSchema.ddl(\"" + table + "\")",
          "baton.fence.create-schema",
          () -> SqlFenceSchema.create(dataSource, table));
      return fence;
    }

    /** If the app fences, checks a table Baton did not create at start-up, not at first use. */
    @Bean
    SmartInitializingSingleton batonFenceTableCheck(
        ConfigurableListableBeanFactory beanFactory,
        DataSource dataSource,
        FenceProperties properties,
        Environment environment) {
      String table = fenceTable(properties);
      DatabaseInitializationMode mode = properties.createSchema();
      return () -> {
        if (mode == DatabaseInitializationMode.ALWAYS
            || !beanFactory.containsBeanDefinition(FENCE_BEAN)
            || !fences(beanFactory, table)) {
          return; // created at start-up, the application's own fence, or no fencing
        }
        DatabaseStartup.run(
            environment,
            "check the fence table " + table,
            () -> {
              try {
                SqlFenceSchema.check(dataSource, table);
                return table;
              } catch (FenceConfigurationException e) {
                throw new BatonPropertyException(
                    "baton.fence.create-schema",
                    DatabaseStartup.name(mode),
                    e.getMessage()
                        + "; Baton does not create it with this setting on this database: set"
                        + " baton.fence.create-schema=always to create it at start-up",
                    e);
              }
            });
      };
    }

    /** True if the application fences: a {@code @Fenced} method, or a bean that takes the fence. */
    private static boolean fences(ConfigurableListableBeanFactory beanFactory, String table) {
      FencedPostProcessor fenced =
          beanFactory.getBeanProvider(FencedPostProcessor.class).getIfUnique();
      if (fenced != null && fenced.hasAdvisedBeans()) {
        return true;
      }
      boolean users =
          Stream.of(SqlFence.class, TransactionalFence.class)
              .flatMap(type -> Stream.of(beanFactory.getBeanNamesForType(type, true, false)))
              .flatMap(name -> Arrays.stream(beanFactory.getDependentBeans(name)))
              .anyMatch(user -> !user.equals(TRANSACTIONAL_FENCE_BEAN));
      if (!users) {
        log.debug("the fence table {} is not checked: the application does not fence", table);
      }
      return users;
    }

    @Bean(TRANSACTIONAL_FENCE_BEAN)
    @ConditionalOnMissingBean
    TransactionalFence batonTransactionalFence(DataSource dataSource, SqlFence fence) {
      return new TransactionalFence(fence, dataSource);
    }

    /** The scheduler's store, set up as {@code create-schema} says, after the app's own DB init. */
    @Bean
    @ConditionalOnMissingBean(JobStore.class)
    @DependsOnDatabaseInitialization
    SqlJobStore batonJobStore(
        DataSource dataSource, JobStoreProperties properties, Environment environment) {
      String prefix = requireNonNullElse(properties.tablePrefix(), SqlJobStore.DEFAULT_PREFIX);
      ClaimConfig claims = claimConfig(properties);
      SqlJobStore store =
          PropertyCheck.blame(
              "baton.scheduler.table-prefix",
              prefix,
              () -> SqlJobStore.create(dataSource, prefix, claims));
      DatabaseInitializationMode mode = properties.createSchema();
      boolean created =
          DatabaseStartup.createSchema(
              environment,
              dataSource,
              mode,
              "the scheduler tables " + prefix + "_*",
              "baton.scheduler.table-prefix=" + prefix + ", ",
              "SqlJobStore.ddl(\"" + prefix + "\")",
              "baton.scheduler.create-schema",
              store::createSchema);
      if (!created && outdated(store)) {
        throw new BatonPropertyException(
            "baton.scheduler.create-schema",
            mode,
            ("the table %s_jobs was created by an earlier version of Baton and Baton does not"
                    + " manage this database's schema (create-schema=%s): set"
                    + " baton.scheduler.create-schema=always to migrate it at start-up, or run %s")
                .formatted(
                    prefix,
                    DatabaseStartup.name(mode),
                    String.join("; ", SqlJobStore.migration(prefix))),
            null);
      }
      return store;
    }

    /** True if the jobs table is of an earlier version; false if that cannot be read now. */
    private static boolean outdated(SqlJobStore store) {
      try {
        return store.needsMigration();
      } catch (CoordinationException e) {
        log.warn(
            "cannot check the scheduler's tables at start-up; if they are of an earlier version, "
                + "claims will fail naming the DDL to run",
            e);
        return false;
      }
    }

    private static String fenceTable(FenceProperties properties) {
      return requireNonNullElse(properties.table(), SqlFenceSchema.DEFAULT_TABLE);
    }

    /** The claim configuration: what is set, else the defaults; refusals name their property. */
    private static ClaimConfig claimConfig(JobStoreProperties p) {
      ClaimConfig d = ClaimConfig.DEFAULT;
      return PropertyCheck.of("baton.scheduler")
          .field("claim lease", "claim-lease", p.claimLease())
          .field("maxAttempts", "max-attempts", p.maxAttempts())
          .field("maxRetryBackoff", "max-retry-backoff", p.maxRetryBackoff())
          .field("retryBackoff", "retry-backoff", p.retryBackoff())
          .field("doneRetention", "done-retention", p.doneRetention())
          .field("failedRetention", "failed-retention", p.failedRetention())
          .run(
              () ->
                  new ClaimConfig(
                      requireNonNullElse(p.claimLease(), d.lease()),
                      requireNonNullElse(p.maxAttempts(), d.maxAttempts()),
                      requireNonNullElse(p.retryBackoff(), d.retryBackoff()),
                      requireNonNullElse(p.maxRetryBackoff(), d.maxRetryBackoff()),
                      requireNonNullElse(p.doneRetention(), d.doneRetention()),
                      requireNonNullElse(p.failedRetention(), d.failedRetention())));
    }
  }
}
