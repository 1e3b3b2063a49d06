// SPDX-License-Identifier: Apache-2.0
package dev.baton.spring.autoconfigure;

import java.util.Map;
import java.util.function.Function;
import java.util.function.Predicate;
import java.util.function.Supplier;
import org.springframework.beans.factory.support.BeanDefinitionRegistry;
import org.springframework.beans.factory.support.RootBeanDefinition;
import org.springframework.boot.context.properties.bind.Bindable;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.core.env.Environment;

/**
 * Registers one bean per entry of a map property ({@code baton.election.<name>}, {@code
 * baton.partitions.<name>}), each created by a factory bean on which it depends (so that it is
 * destroyed before the factory and the session the factory holds).
 */
final class NamedBeanRegistrar {
  private NamedBeanRegistrar() {}

  static <P, T> void register(
      BeanDefinitionRegistry registry,
      Environment environment,
      String prefix,
      Class<P> propertiesType,
      Predicate<P> enabled,
      Class<T> beanType,
      Function<String, String> beanName,
      String factoryBeanName,
      Function<String, Supplier<T>> creator) {
    Map<String, P> entries =
        Binder.get(environment)
            .bind(prefix, Bindable.mapOf(String.class, propertiesType))
            .orElse(Map.of());
    entries.forEach(
        (name, props) -> {
          if (!enabled.test(props)) {
            return;
          }
          String bean = beanName.apply(name);
          if (registry.containsBeanDefinition(bean)) {
            throw new BatonPropertyException(
                prefix + "." + name,
                null,
                "a bean named '"
                    + bean
                    + "' exists already; rename the bean or this entry (Baton names the bean of "
                    + prefix
                    + ".<name> '"
                    + beanName.apply("<name>")
                    + "')",
                null);
          }
          RootBeanDefinition definition = new RootBeanDefinition(beanType, creator.apply(name));
          // Created after, and destroyed before, the factory and the session it holds.
          definition.setDependsOn(factoryBeanName);
          registry.registerBeanDefinition(bean, definition);
        });
  }
}
