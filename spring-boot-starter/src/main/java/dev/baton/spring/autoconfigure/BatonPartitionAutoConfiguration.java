// SPDX-License-Identifier: Apache-2.0
package dev.baton.spring.autoconfigure;

import dev.baton.partition.GroupConfig;
import dev.baton.partition.GroupMember;
import dev.baton.recipes.BatonSession;
import dev.baton.spring.partition.BatonPartitionGroup;
import dev.baton.spring.partition.BatonPartitionGroups;
import io.micrometer.core.instrument.MeterRegistry;
import org.springframework.beans.factory.BeanFactory;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.beans.factory.config.ConfigurableListableBeanFactory;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.boot.context.properties.PropertyMapper;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Import;
import org.springframework.core.env.Environment;

/** Partition groups ({@code <name>PartitionGroup}, {@link BatonPartitionGroups}) on a session. */
@AutoConfiguration(after = BatonAutoConfiguration.class)
@ConditionalOnClass(GroupMember.class)
@ConditionalOnBean(BatonSession.class)
@EnableConfigurationProperties(BatonProperties.class)
@Import(BatonPartitionAutoConfiguration.Groups.class)
public class BatonPartitionAutoConfiguration {
  static final String FACTORY_BEAN = "batonPartitionGroupFactory";

  /** The groups' factory: each group depends on it, so is destroyed before the session. */
  @Bean(FACTORY_BEAN)
  NamedBeanRegistrar.Factory<PartitionGroupProperties, BatonPartitionGroup>
      batonPartitionGroupFactory(
          BatonSession session,
          BatonProperties properties,
          Environment environment,
          ObjectProvider<MeterRegistry> meterRegistry,
          ConfigurableListableBeanFactory beanFactory) {
    return (name, path, p, check) -> {
      String memberId =
          p.memberId() != null
              ? p.memberId()
              : InstanceId.memberId(InstanceId.of(properties, environment));
      GroupConfig.Builder b = GroupConfig.builder(path).memberId(memberId);
      PropertyMapper.get().from(meterRegistry.getIfUnique()).to(b::meterRegistry);
      GroupConfig config =
          check
              .field("memberId", "member-id", memberId)
              .set("partition-count", p.partitionCount(), b::partitionCount)
              .set("weight", p.weight(), b::weight)
              .set("zone", p.zone(), b::zone)
              .set("drain-timeout", p.drainTimeout(), b::drainTimeout)
              .set("rejoin-grace", p.rejoinGrace(), b::rejoinGrace)
              .set("rebalance-max-delay", p.rebalanceMaxDelay(), b::rebalanceMaxDelay)
              .set("rebalance-delay", p.rebalanceDelay(), b::rebalanceDelay)
              .field("group path", "path", path)
              .run(b::build);
      return new BatonPartitionGroup(
          name,
          session,
          config,
          CompositePartitionListener.of(name, properties, beanFactory),
          p.autoStartup(),
          BatonPartitionGroup.DEFAULT_PHASE);
    };
  }

  /** Registers {@code <name>PartitionGroup} for each enabled {@code baton.partitions.<name>}. */
  static class Groups extends NamedBeanRegistrar<PartitionGroupProperties, BatonPartitionGroup> {
    Groups(Environment environment, BeanFactory beanFactory) {
      super(
          environment,
          beanFactory,
          "baton.partitions",
          PartitionGroupProperties.class,
          BatonPartitionGroup.class,
          "PartitionGroup",
          FACTORY_BEAN,
          "every partition group needs the path of its znode, e.g. /services/%s/group");
    }
  }

  /** Every partition group by name. */
  @Bean
  @ConditionalOnMissingBean
  BatonPartitionGroups batonPartitionGroups(ObjectProvider<BatonPartitionGroup> groups) {
    return new BatonPartitionGroups(groups.orderedStream().toList());
  }
}
