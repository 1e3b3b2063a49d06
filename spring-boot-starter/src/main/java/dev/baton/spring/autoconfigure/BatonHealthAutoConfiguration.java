// SPDX-License-Identifier: Apache-2.0
package dev.baton.spring.autoconfigure;

import dev.baton.spring.actuate.BatonHealthContributor;
import dev.baton.spring.election.BatonElection;
import dev.baton.spring.partition.BatonPartitionGroup;
import java.time.Duration;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.health.autoconfigure.contributor.ConditionalOnEnabledHealthIndicator;
import org.springframework.boot.health.contributor.HealthContributor;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Conditional;
import org.springframework.context.annotation.Configuration;

/** The {@code baton} health contributor ({@code management.health.baton.enabled}). */
@AutoConfiguration(
    after = {BatonElectionAutoConfiguration.class, BatonPartitionAutoConfiguration.class})
@ConditionalOnClass(HealthContributor.class)
@Conditional(OnElectionBackendCondition.class)
public class BatonHealthAutoConfiguration {
  /** How long the backend reads of the health details are kept. */
  static final Duration DETAILS_TTL = Duration.ofSeconds(5);

  /** Nested: its condition's class is in the health module, which must be there first. */
  @Configuration(proxyBeanMethods = false)
  @ConditionalOnEnabledHealthIndicator("baton")
  static class Contributor {
    /** The {@code baton} contributor (the registry drops the bean name's suffix). */
    @Bean
    @ConditionalOnMissingBean(name = "batonHealthContributor")
    BatonHealthContributor batonHealthContributor(
        ObjectProvider<BatonElection> elections, ObjectProvider<BatonPartitionGroup> groups) {
      return new BatonHealthContributor(
          elections.orderedStream().toList(), groups.orderedStream().toList(), DETAILS_TTL);
    }
  }
}
