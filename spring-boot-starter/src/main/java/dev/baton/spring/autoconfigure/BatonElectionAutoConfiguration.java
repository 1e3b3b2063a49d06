// SPDX-License-Identifier: Apache-2.0
package dev.baton.spring.autoconfigure;

import dev.baton.recipes.BatonSession;
import dev.baton.recipes.lease.LeaseBackend;
import dev.baton.spring.election.BatonElection;
import dev.baton.spring.election.BatonElections;
import dev.baton.spring.election.ElectionBackend;
import io.micrometer.core.instrument.MeterRegistry;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Conditional;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.Import;
import org.springframework.core.env.Environment;

/**
 * Elections: for each {@code baton.election.<name>} with {@code enabled} (the default) a {@link
 * BatonElection} lifecycle bean named {@code <name>Election}, and {@link BatonElections} (the
 * {@link dev.baton.spring.election.ElectionTerms}) over every {@code BatonElection} bean, the
 * application's own included. Each election's participant id defaults to {@code baton.instance-id};
 * the application's {@link MeterRegistry} (if it has exactly one) receives the metrics. The
 * elections run on what {@code baton.backend} says, bound once as the {@link ElectionBackend} bean
 * {@code batonElectionBackend}: a {@link BatonSession} bean (zookeeper, the default) or a {@link
 * LeaseBackend} bean (lease); without it this backs off. An application's own {@link BatonElection}
 * beans can be built on the same bean.
 */
@AutoConfiguration(after = {BatonAutoConfiguration.class, BatonLeaseAutoConfiguration.class})
@Conditional(OnElectionBackendCondition.class)
@EnableConfigurationProperties(BatonProperties.class)
@Import(BatonElectionAutoConfiguration.Elections.class)
public class BatonElectionAutoConfiguration {
  /** Creates the auto-configuration. */
  public BatonElectionAutoConfiguration() {}

  /** The elections' backend bean's name: where {@code baton.backend} is bound, once. */
  static final String BACKEND_BEAN = "batonElectionBackend";

  /** The elections run on the ZooKeeper session. */
  @Configuration(proxyBeanMethods = false)
  @ConditionalOnProperty(name = "baton.backend", havingValue = "zookeeper", matchIfMissing = true)
  static class OnZooKeeper {
    @Bean(BACKEND_BEAN)
    @ConditionalOnMissingBean
    ElectionBackend batonElectionBackend(BatonSession session) {
      return ElectionBackend.of(session);
    }
  }

  /** The elections run on the lease backend (and its {@code DataSource}). */
  @Configuration(proxyBeanMethods = false)
  @ConditionalOnProperty(name = "baton.backend", havingValue = "lease")
  static class OnLease {
    @Bean(BACKEND_BEAN)
    @ConditionalOnMissingBean
    ElectionBackend batonElectionBackend(LeaseBackend backend) {
      return ElectionBackend.of(backend);
    }
  }

  /**
   * The elections' factory; each election bean depends on it, so on the backend bean and the
   * session or {@code DataSource} under it, which are destroyed after the elections released their
   * terms.
   */
  @Bean(ElectionFactory.BEAN_NAME)
  ElectionFactory batonElectionFactory(
      ElectionBackend backend,
      BatonProperties properties,
      Environment environment,
      ObjectProvider<MeterRegistry> meterRegistry) {
    return new ElectionFactory(backend, properties, environment, meterRegistry);
  }

  /** Registers the bean {@code <name>Election} of each enabled {@code baton.election.<name>}. */
  static class Elections extends NamedBeanRegistrar<ElectionProperties, BatonElection> {
    Elections() {
      super(
          "baton.election",
          ElectionProperties.class,
          ElectionProperties::enabled,
          BatonElection.class,
          "Election",
          ElectionFactory.BEAN_NAME);
    }
  }

  /** Every election by name. */
  @Bean
  @ConditionalOnMissingBean
  BatonElections batonElections(ObjectProvider<BatonElection> elections) {
    return new BatonElections(elections.orderedStream().toList());
  }
}
