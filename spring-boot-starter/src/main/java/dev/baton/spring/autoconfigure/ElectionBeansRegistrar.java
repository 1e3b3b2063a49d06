// SPDX-License-Identifier: Apache-2.0
package dev.baton.spring.autoconfigure;

import dev.baton.spring.election.BatonElection;
import org.jspecify.annotations.Nullable;
import org.springframework.beans.factory.BeanFactory;
import org.springframework.beans.factory.BeanFactoryAware;
import org.springframework.beans.factory.support.BeanDefinitionRegistry;
import org.springframework.context.EnvironmentAware;
import org.springframework.context.annotation.ImportBeanDefinitionRegistrar;
import org.springframework.core.env.Environment;
import org.springframework.core.type.AnnotationMetadata;

/** Registers the bean {@code <name>Election} for each enabled {@code baton.election.<name>}. */
class ElectionBeansRegistrar
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
        "baton.election",
        ElectionProperties.class,
        ElectionProperties::isEnabled,
        BatonElection.class,
        ElectionFactory::beanName,
        ElectionFactory.BEAN_NAME,
        name -> () -> bf.getBean(ElectionFactory.BEAN_NAME, ElectionFactory.class).create(name));
  }
}
