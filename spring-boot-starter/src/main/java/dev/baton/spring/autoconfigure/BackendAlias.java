// SPDX-License-Identifier: Apache-2.0
package dev.baton.spring.autoconfigure;

import dev.baton.recipes.BatonSession;
import dev.baton.recipes.backend.Backend;
import dev.baton.recipes.lease.LeaseBackend;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import org.springframework.beans.factory.config.BeanFactoryPostProcessor;
import org.springframework.beans.factory.config.ConfigurableListableBeanFactory;
import org.springframework.core.env.Environment;

/**
 * Binds {@code baton.backend} once: gives the {@link Backend} it names (the {@link BatonSession}
 * bean for {@code zookeeper}, the default, or the {@link LeaseBackend} bean for {@code lease}) the
 * alias {@value BatonElectionAutoConfiguration#BACKEND_BEAN}. An alias, not a second bean: a second
 * bean of the same object would make {@code BatonSession} or {@code LeaseBackend} ambiguous by type
 * and be closed twice. A bean the application names so itself is left as it is; so is a backend
 * that is not unique (two of the type, neither primary), and injecting the name then fails.
 */
final class BackendAlias implements BeanFactoryPostProcessor {
  private final Class<? extends Backend> type;

  BackendAlias(Environment environment) {
    String backend = environment.getProperty("baton.backend", "zookeeper");
    this.type =
        backend.toLowerCase(Locale.ROOT).equals("lease") ? LeaseBackend.class : BatonSession.class;
  }

  @Override
  public void postProcessBeanFactory(ConfigurableListableBeanFactory beans) {
    if (beans.containsBean(BatonElectionAutoConfiguration.BACKEND_BEAN)) {
      return;
    }
    List<String> names = Arrays.asList(beans.getBeanNamesForType(type, true, false));
    if (names.size() > 1) {
      names =
          names.stream()
              .filter(n -> beans.containsBeanDefinition(n))
              .filter(n -> beans.getBeanDefinition(n).isPrimary())
              .toList();
    }
    if (names.size() == 1) {
      beans.registerAlias(names.get(0), BatonElectionAutoConfiguration.BACKEND_BEAN);
    }
  }
}
