// SPDX-License-Identifier: Apache-2.0
package dev.baton.spring.autoconfigure;

import dev.baton.fencing.FenceConfigurationException;
import dev.baton.recipes.BatonSession;
import dev.baton.recipes.lease.LeaseBackend;
import dev.baton.recipes.lease.LeaseConfig;
import dev.baton.recipes.lease.LeaseTableException;
import java.util.Map;
import javax.sql.DataSource;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.beans.factory.config.BeanFactoryPostProcessor;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.boot.autoconfigure.condition.ConditionalOnSingleCandidate;
import org.springframework.boot.autoconfigure.condition.NoneNestedConditions;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.boot.context.properties.PropertyMapper;
import org.springframework.boot.context.properties.bind.BindException;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.boot.sql.init.dependency.DependsOnDatabaseInitialization;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Conditional;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.env.Environment;

/**
 * The lease backend ({@code baton.backend=lease}): a {@link LeaseBackend} bean (unless the
 * application has one) on the single {@code DataSource}, set by {@code baton.lease.*}; elections
 * depend on it and it on the {@code DataSource}, which thus outlives every election's lease.
 */
@AutoConfiguration(
    afterName = "org.springframework.boot.jdbc.autoconfigure.DataSourceAutoConfiguration")
@ConditionalOnClass(LeaseBackend.class)
// Active whenever baton.backend is set, so binding refuses a value neither zookeeper nor lease.
@ConditionalOnProperty("baton.backend")
@EnableConfigurationProperties(BatonProperties.class)
public class BatonLeaseAutoConfiguration {
  /** The lease backend's bean name. */
  public static final String LEASE_BACKEND_BEAN = "batonLeaseBackend";

  private static final Logger log = LoggerFactory.getLogger(BatonLeaseAutoConfiguration.class);

  /** Refuses an unknown {@code baton.backend} before any bean is created, naming it. */
  @Bean
  static BeanFactoryPostProcessor batonBackendCheck(Environment environment) {
    return beanFactory -> {
      try {
        Binder.get(environment).bind("baton.backend", BatonProperties.Backend.class);
      } catch (BindException e) {
        throw new BatonPropertyException(
            "baton.backend",
            environment.getProperty("baton.backend"),
            "use zookeeper or lease: Baton's elections run on a ZooKeeper ensemble"
                + " (baton.connect-string) or on a lease row in the application's DataSource",
            e);
      }
    };
  }

  @Configuration(proxyBeanMethods = false)
  @ConditionalOnProperty(name = "baton.backend", havingValue = "lease")
  static class Lease {
    /** Runs after Flyway, Liquibase or SQL scripts, so the lease table they may create is seen. */
    @Bean(LEASE_BACKEND_BEAN)
    @ConditionalOnMissingBean
    @ConditionalOnSingleCandidate(DataSource.class)
    @DependsOnDatabaseInitialization
    LeaseBackend batonLeaseBackend(
        DataSource dataSource, BatonProperties properties, Environment environment) {
      LeaseProperties p = properties.lease();
      LeaseConfig config = leaseConfig(p);
      PoolTimeoutCheck.warnIfLonger(dataSource, config.renewTimeout());
      try {
        LeaseBackend backend =
            DatabaseStartup.run(
                environment,
                "prepare the lease table " + config.table(),
                () -> LeaseBackend.create(dataSource, config));
        log.info("Baton elections run on a lease record: {}", backend);
        return backend;
      } catch (LeaseTableException e) {
        if (e.getCause() instanceof FenceConfigurationException) {
          // Neither PostgreSQL nor H2: the choice of backend is what to change.
          throw new BatonPropertyException(
              "baton.backend", "lease", String.valueOf(e.getMessage()), e);
        }
        throw new BatonPropertyException(
            "baton.lease.table",
            config.table(),
            e.getMessage()
                + (config.createTable()
                    ? ""
                    : " (baton.lease.create-table=false: Baton only checks the table)"),
            e);
      }
    }
  }

  /** The lease settings, each refused value named by its property. */
  static LeaseConfig leaseConfig(LeaseProperties p) {
    LeaseConfig.Builder b = LeaseConfig.builder();
    PropertyMapper.get().from(p.createTable()).to(b::createTable);
    PropertyMapper.get().from(p.listen()).to(b::listen);
    return PropertyCheck.of("baton.lease")
        .set("table", p.table(), b::table)
        .set("lease-duration", p.leaseDuration(), b::leaseDuration)
        .set("safety-margin", p.safetyMargin(), b::safetyMargin)
        .set("renew-interval", p.renewInterval(), b::renewInterval)
        .set("renew-timeout", p.renewTimeout(), b::renewTimeout)
        .set("poll-interval", p.pollInterval(), b::pollInterval)
        .set("poll-jitter", p.pollJitter(), b::pollJitter)
        .run(b::build);
  }

  /** No backend can be made: there is no single {@code DataSource} and no LeaseBackend bean. */
  @Configuration(proxyBeanMethods = false)
  @ConditionalOnProperty(name = "baton.backend", havingValue = "lease")
  @ConditionalOnMissingBean(LeaseBackend.class)
  @Conditional(NoSingleDataSource.class)
  static class WithoutDataSource {
    WithoutDataSource(ObjectProvider<DataSource> dataSources) {
      long found = dataSources.stream().count();
      throw new BatonPropertyException(
          "baton.backend",
          "lease",
          "the lease backend runs on the application's DataSource, and there is "
              + (found == 0
                  ? "none: add spring-boot-starter-jdbc and set spring.datasource.url"
                  : found + " without a @Primary one: mark one @Primary")
              + ", or define a LeaseBackend bean",
          null);
    }
  }

  /** Matches unless there is a single {@code DataSource} candidate. */
  static class NoSingleDataSource extends NoneNestedConditions {
    NoSingleDataSource() {
      super(ConfigurationPhase.REGISTER_BEAN);
    }

    @ConditionalOnSingleCandidate(DataSource.class)
    static class SingleDataSource {}
  }

  /** Without a ZooKeeper session: partition groups are refused, ZooKeeper properties unused. */
  @Configuration(proxyBeanMethods = false)
  @ConditionalOnProperty(name = "baton.backend", havingValue = "lease")
  @ConditionalOnMissingBean(BatonSession.class)
  static class WithoutZooKeeper {
    WithoutZooKeeper(BatonProperties properties) {
      for (Map.Entry<String, PartitionGroupProperties> e : properties.partitions().entrySet()) {
        if (e.getValue().enabled()) {
          throw new BatonPropertyException(
              "baton.partitions." + e.getKey(),
              null,
              "partition groups need ZooKeeper, and baton.backend=lease has no ZooKeeper session:"
                  + " set baton.backend=zookeeper and baton.connect-string, or remove (or disable)"
                  + " this group",
              null);
        }
      }
      if (properties.connectString() != null) {
        log.warn(
            "baton.connect-string is not used: baton.backend=lease runs the elections on the"
                + " database");
      }
    }
  }
}
