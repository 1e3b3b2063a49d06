// SPDX-License-Identifier: Apache-2.0
package dev.baton.spring.autoconfigure;

import dev.baton.spring.election.BatonElection;
import org.springframework.beans.factory.BeanFactory;
import org.springframework.beans.factory.support.BeanDefinitionRegistry;
import org.springframework.core.env.Environment;

/** Registers the bean {@code <name>Election} for each enabled {@code baton.election.<name>}. */
class ElectionBeansRegistrar extends AwareBeansRegistrar {
  @Override
  void register(BeanDefinitionRegistry registry, Environment env, BeanFactory bf) {
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
