// SPDX-License-Identifier: Apache-2.0
package dev.baton.spring.autoconfigure;

import java.util.Map;
import java.util.function.Predicate;
import org.jspecify.annotations.Nullable;
import org.springframework.beans.factory.BeanFactory;
import org.springframework.beans.factory.BeanFactoryAware;
import org.springframework.beans.factory.support.BeanDefinitionRegistry;
import org.springframework.beans.factory.support.RootBeanDefinition;
import org.springframework.boot.context.properties.bind.Bindable;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.context.EnvironmentAware;
import org.springframework.context.annotation.ImportBeanDefinitionRegistrar;
import org.springframework.core.env.Environment;
import org.springframework.core.type.AnnotationMetadata;

/**
 * Registers one bean per enabled entry of a map property ({@code baton.election.<name>} as {@code
 * <name>Election}, {@code baton.partitions.<name>} as {@code <name>PartitionGroup}), each created
 * by a {@link Factory} bean it depends on, so it is destroyed before the factory's backend.
 */
abstract class NamedBeanRegistrar<P, T>
    implements ImportBeanDefinitionRegistrar, EnvironmentAware, BeanFactoryAware {
  /** Creates the bean of one entry, validating its properties. */
  @FunctionalInterface
  interface Factory<P, T> {
    T create(String name, P properties);
  }

  private final String prefix;
  private final Class<P> propertiesType;
  private final Predicate<P> enabled;
  private final Class<T> beanType;
  private final String suffix;
  private final String factoryBeanName;
  private @Nullable Environment environment;
  private @Nullable BeanFactory beanFactory;

  NamedBeanRegistrar(
      String prefix,
      Class<P> propertiesType,
      Predicate<P> enabled,
      Class<T> beanType,
      String suffix,
      String factoryBeanName) {
    this.prefix = prefix;
    this.propertiesType = propertiesType;
    this.enabled = enabled;
    this.beanType = beanType;
    this.suffix = suffix;
    this.factoryBeanName = factoryBeanName;
  }

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
    Map<String, P> entries =
        Binder.get(env).bind(prefix, Bindable.mapOf(String.class, propertiesType)).orElse(Map.of());
    entries.forEach(
        (name, props) -> {
          if (!enabled.test(props)) {
            return;
          }
          String bean = name + suffix;
          if (registry.containsBeanDefinition(bean)) {
            throw new BatonPropertyException(
                prefix + "." + name,
                null,
                "a bean named '"
                    + bean
                    + "' exists already; rename the bean or this entry (Baton names the bean of "
                    + prefix
                    + ".<name> '<name>"
                    + suffix
                    + "')",
                null);
          }
          RootBeanDefinition definition =
              new RootBeanDefinition(beanType, () -> factory(bf).create(name, props));
          // Created after, and destroyed before, the factory and the session it holds.
          definition.setDependsOn(factoryBeanName);
          registry.registerBeanDefinition(bean, definition);
        });
  }

  @SuppressWarnings("unchecked") // the factory bean of this registrar's entries
  private Factory<P, T> factory(BeanFactory bf) {
    return bf.getBean(factoryBeanName, Factory.class);
  }
}
