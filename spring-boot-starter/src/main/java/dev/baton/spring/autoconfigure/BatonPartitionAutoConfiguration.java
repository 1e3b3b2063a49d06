// SPDX-License-Identifier: Apache-2.0
package dev.baton.spring.autoconfigure;

import dev.baton.partition.GroupMember;
import dev.baton.recipes.BatonSession;
import dev.baton.spring.partition.BatonPartitionGroup;
import dev.baton.spring.partition.BatonPartitionGroups;
import io.micrometer.core.instrument.MeterRegistry;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.beans.factory.config.ConfigurableListableBeanFactory;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Import;
import org.springframework.core.env.Environment;

/**
 * Partition groups: a {@link BatonPartitionGroup} bean {@code <name>PartitionGroup} per enabled
 * {@code baton.partitions.<name>}, and {@link BatonPartitionGroups}. Needs a {@link BatonSession}.
 */
@AutoConfiguration(after = BatonAutoConfiguration.class)
@ConditionalOnClass(GroupMember.class)
@ConditionalOnBean(BatonSession.class)
@EnableConfigurationProperties(BatonProperties.class)
@Import(BatonPartitionAutoConfiguration.Groups.class)
public class BatonPartitionAutoConfiguration {

  @Bean(PartitionGroupFactory.BEAN_NAME)
  PartitionGroupFactory batonPartitionGroupFactory(
      BatonSession session,
      BatonProperties properties,
      Environment environment,
      ObjectProvider<MeterRegistry> meterRegistry,
      ConfigurableListableBeanFactory beanFactory) {
    return new PartitionGroupFactory(session, properties, environment, meterRegistry, beanFactory);
  }

  /** Registers {@code <name>PartitionGroup} for each enabled {@code baton.partitions.<name>}. */
  static class Groups extends NamedBeanRegistrar<PartitionGroupProperties, BatonPartitionGroup> {
    Groups() {
      super(
          "baton.partitions",
          PartitionGroupProperties.class,
          PartitionGroupProperties::enabled,
          BatonPartitionGroup.class,
          "PartitionGroup",
          PartitionGroupFactory.BEAN_NAME);
    }
  }

  /** Every partition group by name. */
  @Bean
  @ConditionalOnMissingBean
  BatonPartitionGroups batonPartitionGroups(ObjectProvider<BatonPartitionGroup> groups) {
    return new BatonPartitionGroups(groups.orderedStream().toList());
  }
}
