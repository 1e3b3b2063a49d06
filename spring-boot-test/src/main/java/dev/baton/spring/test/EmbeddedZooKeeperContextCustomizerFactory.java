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
 * Registered in {@code META-INF/spring.factories}: an embedded ZooKeeper for the test classes
 * annotated with {@link AutoConfigureEmbeddedZooKeeper} (directly, as a meta-annotation, inherited,
 * or on an enclosing class of a {@code @Nested} test).
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
   * Starts the server as the context is prepared (before its refresh, so the property is there for
   * every bean) and registers it as a disposable singleton before the context's own beans, so it is
   * destroyed last. All instances are equal (a record without components): two test classes that
   * differ only in the class name share their context and its server.
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

  /** The connection details of the embedded server. */
  record EmbeddedConnectionDetails(String connectString) implements BatonConnectionDetails {}
}
