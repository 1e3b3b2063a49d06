// SPDX-License-Identifier: Apache-2.0
package dev.baton.spring.autoconfigure;

import dev.baton.recipes.BatonSession;
import dev.baton.spring.election.BatonElection;
import dev.baton.spring.election.BatonElections;
import io.micrometer.core.instrument.MeterRegistry;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Import;
import org.springframework.core.env.Environment;

/**
 * Elections: for each {@code baton.election.<name>} with {@code enabled} (the default) a {@link
 * BatonElection} lifecycle bean named {@code <name>Election}, and {@link BatonElections} (the
 * {@link dev.baton.spring.election.ElectionTerms}) over every {@code BatonElection} bean, the
 * application's own included. Each election's participant id defaults to {@code baton.instance-id};
 * the application's {@link MeterRegistry} (if it has exactly one) receives the metrics. Needs a
 * {@link BatonSession} bean.
 */
@AutoConfiguration(after = BatonAutoConfiguration.class)
@ConditionalOnBean(BatonSession.class)
@EnableConfigurationProperties(BatonProperties.class)
@Import(ElectionBeansRegistrar.class)
public class BatonElectionAutoConfiguration {
  /** Creates the auto-configuration. */
  public BatonElectionAutoConfiguration() {}

  @Bean(ElectionFactory.BEAN_NAME)
  ElectionFactory batonElectionFactory(
      BatonSession session,
      BatonProperties properties,
      Environment environment,
      ObjectProvider<MeterRegistry> meterRegistry) {
    return new ElectionFactory(session, properties, environment, meterRegistry);
  }

  /** Every election by name. */
  @Bean
  @ConditionalOnMissingBean
  BatonElections batonElections(ObjectProvider<BatonElection> elections) {
    return new BatonElections(elections.orderedStream().toList());
  }
}
