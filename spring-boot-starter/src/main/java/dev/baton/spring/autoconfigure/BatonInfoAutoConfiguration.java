// SPDX-License-Identifier: Apache-2.0
package dev.baton.spring.autoconfigure;

import dev.baton.spring.actuate.BatonInfoContributor;
import dev.baton.spring.election.BatonElection;
import dev.baton.spring.partition.BatonPartitionGroup;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.actuate.autoconfigure.info.ConditionalOnEnabledInfoContributor;
import org.springframework.boot.actuate.info.InfoContributor;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Conditional;
import org.springframework.context.annotation.Configuration;

/** With Actuator: the {@code baton} info section ({@code management.info.baton.enabled}). */
@AutoConfiguration(
    after = {BatonElectionAutoConfiguration.class, BatonPartitionAutoConfiguration.class})
@ConditionalOnClass({InfoContributor.class, ConditionalOnEnabledInfoContributor.class})
@Conditional(OnElectionBackendCondition.class)
public class BatonInfoAutoConfiguration {

  /** Nested: its condition's class must be known to be present before it is loaded. */
  @Configuration(proxyBeanMethods = false)
  @ConditionalOnEnabledInfoContributor("baton")
  static class Contributor {
    @Bean
    @ConditionalOnMissingBean
    BatonInfoContributor batonInfoContributor(
        ObjectProvider<BatonElection> elections, ObjectProvider<BatonPartitionGroup> groups) {
      return new BatonInfoContributor(
          elections.orderedStream().toList(), groups.orderedStream().toList());
    }
  }
}
