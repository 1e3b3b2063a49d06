// SPDX-License-Identifier: Apache-2.0
package dev.baton.spring.autoconfigure;

import dev.baton.recipes.BatonSession;
import dev.baton.recipes.backend.Backend;
import dev.baton.recipes.lease.LeaseBackend;
import dev.baton.spring.election.BatonElection;
import dev.baton.spring.election.BatonElections;
import io.micrometer.core.instrument.MeterRegistry;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.beans.factory.annotation.Qualifier;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Conditional;
import org.springframework.context.annotation.Import;
import org.springframework.core.env.Environment;

/**
 * Elections: for each {@code baton.election.<name>} with {@code enabled} (the default) a {@link
 * BatonElection} lifecycle bean named {@code <name>Election}, and {@link BatonElections} (the
 * {@link dev.baton.spring.election.ElectionTerms}) over every {@code BatonElection} bean, the
 * application's own included. Each election's participant id defaults to {@code baton.instance-id};
 * the application's {@link MeterRegistry} (if it has exactly one) receives the metrics. The
 * elections run on the {@link Backend} {@code baton.backend} names, bound once as {@value
 * #BACKEND_BEAN} (an alias): the {@link BatonSession} bean (zookeeper, the default) or the {@link
 * LeaseBackend} bean (lease); without it this backs off. An application's own elections, locks or
 * schedulers can be built on the same bean, and a bean of its own named so replaces it.
 */
@AutoConfiguration(after = {BatonAutoConfiguration.class, BatonLeaseAutoConfiguration.class})
@Conditional(OnElectionBackendCondition.class)
@EnableConfigurationProperties(BatonProperties.class)
@Import(BatonElectionAutoConfiguration.Elections.class)
public class BatonElectionAutoConfiguration {
  /** Creates the auto-configuration. */
  public BatonElectionAutoConfiguration() {}

  /**
   * The name of the backend the elections run on, bound once from {@code baton.backend}: an alias
   * of the {@code BatonSession} or {@code LeaseBackend} bean, injected as a {@link Backend} with
   * this name as its qualifier.
   */
  public static final String BACKEND_BEAN = "batonBackend";

  /** Names the backend {@code baton.backend} chose {@link #BACKEND_BEAN}. */
  @Bean
  static BackendAlias batonBackendAlias(Environment environment) {
    return new BackendAlias(environment);
  }

  /**
   * The elections' factory; each election bean depends on it, so on the backend (the session, or
   * the lease backend and its {@code DataSource}), which is destroyed after the elections released
   * their terms.
   */
  @Bean(ElectionFactory.BEAN_NAME)
  ElectionFactory batonElectionFactory(
      @Qualifier(BACKEND_BEAN) Backend backend,
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
