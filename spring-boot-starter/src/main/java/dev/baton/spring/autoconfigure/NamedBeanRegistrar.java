// SPDX-License-Identifier: Apache-2.0
package dev.baton.spring.autoconfigure;

import java.util.Map;
import org.jspecify.annotations.Nullable;
import org.springframework.beans.factory.BeanFactory;
import org.springframework.beans.factory.support.BeanDefinitionRegistry;
import org.springframework.beans.factory.support.RootBeanDefinition;
import org.springframework.boot.context.properties.bind.Bindable;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.context.annotation.ImportBeanDefinitionRegistrar;
import org.springframework.core.env.Environment;
import org.springframework.core.type.AnnotationMetadata;

/**
 * Registers a bean per enabled entry of a map property ({@code baton.election.<name>} as {@code
 * <name>Election}, ...), each depending on a {@link Factory} bean destroyed before its backend.
 */
abstract class NamedBeanRegistrar<P extends NamedBeanRegistrar.Entry, T>
    implements ImportBeanDefinitionRegistrar {
  /** The properties of one entry: its required path, and whether its bean exists. */
  interface Entry {
    @Nullable String path();

    boolean enabled();
  }

  /** Creates the bean of one entry at {@code path}, validating its properties by {@code check}. */
  @FunctionalInterface
  interface Factory<P, T> {
    T create(String name, String path, P properties, PropertyCheck check);
  }

  private final String prefix;
  private final Class<P> propertiesType;
  private final Class<T> beanType;
  private final String suffix;
  private final String factoryBeanName;
  private final String pathNeeded;
  private final Environment environment;
  private final BeanFactory beanFactory;

  /** {@code pathNeeded}: why a path is required, with {@code %s} for the entry's name. */
  NamedBeanRegistrar(
      Environment environment,
      BeanFactory beanFactory,
      String prefix,
      Class<P> propertiesType,
      Class<T> beanType,
      String suffix,
      String factoryBeanName,
      String pathNeeded) {
    this.environment = environment;
    this.beanFactory = beanFactory;
    this.prefix = prefix;
    this.propertiesType = propertiesType;
    this.pathNeeded = pathNeeded;
    this.beanType = beanType;
    this.suffix = suffix;
    this.factoryBeanName = factoryBeanName;
  }

  @Override
  public void registerBeanDefinitions(
      AnnotationMetadata metadata, BeanDefinitionRegistry registry) {
    Map<String, P> entries =
        Binder.get(environment)
            .bind(prefix, Bindable.mapOf(String.class, propertiesType))
            .orElse(Map.of());
    entries.forEach(
        (name, props) -> {
          if (!props.enabled()) {
            return;
          }
          String bean = name + suffix;
          if (registry.containsBeanDefinition(bean)) {
            throw new BatonPropertyException(
                prefix + "." + name,
                null,
                ("a bean named '%s' exists already; rename the bean or this entry (Baton names"
                        + " the bean of %s.<name> '<name>%s')")
                    .formatted(bean, prefix, suffix),
                null);
          }
          RootBeanDefinition definition =
              new RootBeanDefinition(beanType, () -> create(name, props));
          // Created after, and destroyed before, the factory and the session it holds.
          definition.setDependsOn(factoryBeanName);
          registry.registerBeanDefinition(bean, definition);
        });
  }

  private T create(String name, P props) {
    PropertyCheck check = PropertyCheck.of(prefix + "." + name);
    String path = check.required("path", props.path(), pathNeeded.formatted(name));
    @SuppressWarnings("unchecked") // the factory bean of this registrar's entries
    Factory<P, T> factory = beanFactory.getBean(factoryBeanName, Factory.class);
    return factory.create(name, path, props, check);
  }
}
