// SPDX-License-Identifier: Apache-2.0
package dev.baton.spring.autoconfigure;

import dev.baton.spring.partition.BatonPartitionGroup;
import org.springframework.beans.factory.BeanFactory;
import org.springframework.beans.factory.support.BeanDefinitionRegistry;
import org.springframework.core.env.Environment;

/**
 * Registers the bean {@code <name>PartitionGroup} for each enabled {@code baton.partitions.<name>}.
 */
class PartitionBeansRegistrar extends AwareBeansRegistrar {
  @Override
  void register(BeanDefinitionRegistry registry, Environment env, BeanFactory bf) {
    NamedBeanRegistrar.register(
        registry,
        env,
        "baton.partitions",
        PartitionGroupProperties.class,
        PartitionGroupProperties::isEnabled,
        BatonPartitionGroup.class,
        PartitionGroupFactory::beanName,
        PartitionGroupFactory.BEAN_NAME,
        name ->
            () ->
                bf.getBean(PartitionGroupFactory.BEAN_NAME, PartitionGroupFactory.class)
                    .create(name));
  }
}
