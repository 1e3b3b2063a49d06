// SPDX-License-Identifier: Apache-2.0
package dev.baton.spring.autoconfigure;

import org.jspecify.annotations.Nullable;
import org.springframework.beans.factory.BeanFactory;
import org.springframework.beans.factory.BeanFactoryAware;
import org.springframework.beans.factory.support.BeanDefinitionRegistry;
import org.springframework.context.EnvironmentAware;
import org.springframework.context.annotation.ImportBeanDefinitionRegistrar;
import org.springframework.core.env.Environment;
import org.springframework.core.type.AnnotationMetadata;

/**
 * A registrar given the environment and the bean factory before it registers its beans (the common
 * part of the election and partition group registrars).
 */
abstract class AwareBeansRegistrar
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
    register(registry, env, bf);
  }

  /**
   * Registers the beans.
   *
   * @param registry the registry
   * @param environment the environment
   * @param beanFactory the bean factory, for the registered beans' suppliers
   */
  abstract void register(
      BeanDefinitionRegistry registry, Environment environment, BeanFactory beanFactory);
}
