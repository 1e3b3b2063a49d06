// SPDX-License-Identifier: Apache-2.0
package dev.baton.spring.autoconfigure;

import dev.baton.spring.partition.BatonPartitionGroup;
import org.jspecify.annotations.Nullable;
import org.springframework.beans.factory.BeanFactory;
import org.springframework.beans.factory.BeanFactoryAware;
import org.springframework.beans.factory.support.BeanDefinitionRegistry;
import org.springframework.context.EnvironmentAware;
import org.springframework.context.annotation.ImportBeanDefinitionRegistrar;
import org.springframework.core.env.Environment;
import org.springframework.core.type.AnnotationMetadata;

/**
 * Registers the bean {@code <name>PartitionGroup} for each enabled {@code baton.partitions.<name>}.
 */
class PartitionBeansRegistrar
    implements ImportBeanDefinitionRegistrar, EnvironmentAware, BeanFactoryAware {
  private @Nullable Environment environment;
  private @Nullable BeanFactory beanFactory;

  @Override
  public void setEnvironment(Environment environment) {
    this.environment = environment;
  }

  @Override
  public void setBeanFactory(BeanFactory beanFactory) {
    this.beanFactory = beanFactory;
  }

  @Override
  public void registerBeanDefinitions(
      AnnotationMetadata metadata, BeanDefinitionRegistry registry) {
    Environment env = environment;
    BeanFactory bf = beanFactory;
    if (env == null || bf == null) {
      throw new IllegalStateException("the registrar was not given its environment");
    }
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
