// SPDX-License-Identifier: Apache-2.0
package dev.baton.spring.autoconfigure;

import dev.baton.spring.actuate.BatonHealthContributor;
import dev.baton.spring.availability.AvailabilityGuard;
import dev.baton.spring.availability.HealthProbe;
import dev.baton.spring.election.BatonElection;
import dev.baton.spring.partition.BatonPartitionGroup;
import java.util.stream.Stream;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBooleanProperty;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.boot.health.registry.HealthContributorRegistry;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Conditional;
import org.springframework.context.annotation.Configuration;

/** {@code baton.availability.resign-when-unavailable=true}: the {@link AvailabilityGuard}. */
@AutoConfiguration(
    after = {
      BatonElectionAutoConfiguration.class,
      BatonPartitionAutoConfiguration.class,
      BatonHealthAutoConfiguration.class
    },
    afterName =
        "org.springframework.boot.health.autoconfigure.registry."
            + "HealthContributorRegistryAutoConfiguration")
@Conditional(OnElectionBackendCondition.class)
@ConditionalOnBooleanProperty("baton.availability.resign-when-unavailable")
@EnableConfigurationProperties(BatonProperties.class)
public class BatonAvailabilityAutoConfiguration {

  @Bean
  @ConditionalOnMissingBean
  AvailabilityGuard batonAvailabilityGuard(
      BatonProperties properties,
      ObjectProvider<BatonElection> elections,
      ObjectProvider<BatonPartitionGroup> groups,
      ObjectProvider<HealthProbe> probe) {
    return new AvailabilityGuard(
        Stream.concat(elections.orderedStream(), groups.orderedStream()).toList(),
        probe.getIfUnique(),
        properties.availability().healthCheckInterval());
  }

  /** The health probe over the application's health contributors, Baton's excluded. */
  @Configuration(proxyBeanMethods = false)
  @ConditionalOnClass(HealthContributorRegistry.class)
  @ConditionalOnBean(HealthContributorRegistry.class)
  static class HealthProbeConfiguration {
    @Bean
    @ConditionalOnMissingBean
    HealthProbe batonHealthProbe(
        HealthContributorRegistry registry, ObjectProvider<BatonHealthContributor> own) {
      return new RegistryHealthProbe(registry, own.stream().toList());
    }
  }
}
