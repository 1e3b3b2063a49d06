// SPDX-License-Identifier: Apache-2.0
package dev.baton.spring.test;

import static dev.baton.spring.test.AutoConfigureEmbeddedZooKeeper.CONNECTION_DETAILS_BEAN;
import static dev.baton.spring.test.AutoConfigureEmbeddedZooKeeper.CONNECT_STRING_PROPERTY;
import static dev.baton.spring.test.AutoConfigureEmbeddedZooKeeper.SERVER_BEAN;

import dev.baton.spring.autoconfigure.BatonConnectionDetails;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;
import org.springframework.beans.factory.config.ConfigurableListableBeanFactory;
import org.springframework.beans.factory.support.DefaultSingletonBeanRegistry;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.core.env.MapPropertySource;
import org.springframework.test.context.ContextConfigurationAttributes;
import org.springframework.test.context.ContextCustomizer;
import org.springframework.test.context.ContextCustomizerFactory;
import org.springframework.test.context.MergedContextConfiguration;
import org.springframework.test.context.TestContextAnnotationUtils;

/**
 * Via {@code spring.factories}: an embedded ZooKeeper for test classes with {@link
 * AutoConfigureEmbeddedZooKeeper} (also meta, inherited or enclosing a {@code @Nested} test).
 */
final class EmbeddedZooKeeperContextCustomizerFactory implements ContextCustomizerFactory {
  /** The name of the property source that carries {@code baton.connect-string}. */
  static final String PROPERTY_SOURCE = "batonEmbeddedZooKeeper";

  @Override
  public @Nullable ContextCustomizer createContextCustomizer(
      Class<?> testClass, List<ContextConfigurationAttributes> configAttributes) {
    return TestContextAnnotationUtils.hasAnnotation(testClass, AutoConfigureEmbeddedZooKeeper.class)
        ? new Customizer()
        : null;
  }

  /**
   * Starts the server as the context is prepared (before refresh, so every bean sees the property),
   * registered as a disposable singleton before the context's beans so it is destroyed last. Equal
   * instances (no components) let test classes differing only in name share a context and server.
   */
  private record Customizer() implements ContextCustomizer {
    @Override
    public void customizeContext(
        ConfigurableApplicationContext context, MergedContextConfiguration mergedConfig) {
      ConfigurableListableBeanFactory beanFactory = context.getBeanFactory();
      if (!(beanFactory instanceof DefaultSingletonBeanRegistry registry)) {
        throw new IllegalStateException(
            ("@AutoConfigureEmbeddedZooKeeper needs a bean factory that can destroy the server with"
                    + " the context; %s cannot")
                .formatted(beanFactory.getClass().getName()));
      }
      EmbeddedZooKeeperServer server = EmbeddedZooKeeperServer.start();
      registry.registerDisposableBean(SERVER_BEAN, server::close);
      beanFactory.registerSingleton(SERVER_BEAN, server);
      beanFactory.registerSingleton(
          CONNECTION_DETAILS_BEAN, new EmbeddedConnectionDetails(server.connectString()));
      context
          .getEnvironment()
          .getPropertySources()
          .addFirst(
              new MapPropertySource(
                  PROPERTY_SOURCE, Map.of(CONNECT_STRING_PROPERTY, server.connectString())));
    }
  }

  record EmbeddedConnectionDetails(String connectString) implements BatonConnectionDetails {}
}
