// SPDX-License-Identifier: Apache-2.0
package dev.baton.spring.autoconfigure;

import dev.baton.recipes.BatonSession;
import dev.baton.recipes.CoordinationException;
import dev.baton.recipes.SessionConfig;
import java.util.Optional;
import org.jspecify.annotations.Nullable;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.beans.factory.annotation.AnnotatedBeanDefinition;
import org.springframework.beans.factory.config.BeanFactoryPostProcessor;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.AnyNestedCondition;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBooleanProperty;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Conditional;
import org.springframework.core.type.MethodMetadata;

/**
 * The {@link BatonSession} bean (unless the application has one) on {@code baton.connect-string}
 * or, preferably, a {@link BatonConnectionDetails} bean's ensemble; closed after every election and
 * group bean unless {@code baton.close-on-shutdown=false} leaves it to a JVM shutdown hook.
 */
@AutoConfiguration
@ConditionalOnClass(BatonSession.class)
@ConditionalOnProperty(name = "baton.backend", havingValue = "zookeeper", matchIfMissing = true)
@Conditional(BatonAutoConfiguration.OnConnection.class)
@EnableConfigurationProperties(BatonProperties.class)
public class BatonAutoConfiguration {
  /** The session's bean name. */
  public static final String SESSION_BEAN = "batonSession";

  /** The connection details of {@code baton.connect-string}. */
  @Bean
  @ConditionalOnMissingBean(BatonConnectionDetails.class)
  PropertiesBatonConnectionDetails batonConnectionDetails(BatonProperties properties) {
    return new PropertiesBatonConnectionDetails(properties);
  }

  record PropertiesBatonConnectionDetails(BatonProperties properties)
      implements BatonConnectionDetails {
    @Override
    public String connectString() {
      @Nullable String value = properties.connectString();
      if (value == null || value.isBlank()) {
        throw new BatonPropertyException(
            "baton.connect-string", value, "the ZooKeeper connect string is not set", null);
      }
      return value;
    }
  }

  /** Matches when Baton knows where ZooKeeper is: a connect string or a connection details bean. */
  static class OnConnection extends AnyNestedCondition {
    OnConnection() {
      super(ConfigurationPhase.REGISTER_BEAN);
    }

    @ConditionalOnProperty("baton.connect-string")
    static class ConnectString {}

    @ConditionalOnBean(BatonConnectionDetails.class)
    static class ConnectionDetailsBean {}
  }

  /** The session, closed as the class says unless {@link #batonSessionLeftOpen} applies. */
  @Bean(name = SESSION_BEAN, destroyMethod = "close")
  @ConditionalOnMissingBean
  BatonSession batonSession(
      BatonProperties properties,
      BatonConnectionDetails details,
      ObjectProvider<BatonSessionCustomizer> customizers) {
    return startSession(properties, details, customizers, !properties.closeOnShutdown());
  }

  /** {@code baton.close-on-shutdown=false}: the context does not close the session it made. */
  @Bean
  @ConditionalOnBooleanProperty(name = "baton.close-on-shutdown", havingValue = false)
  static BeanFactoryPostProcessor batonSessionLeftOpen() {
    return beans -> {
      if (beans.containsBeanDefinition(SESSION_BEAN)
          && beans.getBeanDefinition(SESSION_BEAN) instanceof AnnotatedBeanDefinition made
          && Optional.ofNullable(made.getFactoryMethodMetadata())
              .map(MethodMetadata::getDeclaringClassName)
              .filter(BatonAutoConfiguration.class.getName()::equals)
              .isPresent()) {
        made.setDestroyMethodName("");
      }
    };
  }

  static BatonSession startSession(
      BatonProperties properties,
      BatonConnectionDetails details,
      ObjectProvider<BatonSessionCustomizer> customizers,
      boolean closeOnJvmExit) {
    String connectString = details.connectString();
    SessionConfig.Builder builder =
        SessionConfigFactory.builder(properties, connectString, closeOnJvmExit);
    customizers.orderedStream().forEach(c -> c.customize(builder));
    SessionConfig config = SessionConfigFactory.build(builder, properties);
    try {
      return BatonSession.start(config);
    } catch (CoordinationException e) {
      // Not a refused value: the ensemble did not answer (or the client refused to start).
      String source =
          details instanceof PropertiesBatonConnectionDetails
              ? "baton.connect-string=" + connectString
              : "from the BatonConnectionDetails bean " + details.getClass().getName();
      throw new BatonStartupException(
          ("Baton could not reach the ZooKeeper ensemble at %s within %s ms (%s,"
                  + " baton.connection-timeout=%s): %s")
              .formatted(
                  connectString,
                  config.connectionTimeout().toMillis(),
                  source,
                  PropertyCheck.text(config.connectionTimeout()),
                  e.getMessage()),
          ("Check that ZooKeeper runs at %s and that this host can reach it (firewall, TLS port),"
                  + " or raise baton.connection-timeout")
              .formatted(connectString),
          e);
    }
  }
}
