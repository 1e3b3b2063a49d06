// SPDX-License-Identifier: Apache-2.0
package dev.baton.spring.autoconfigure;

import dev.baton.recipes.BatonSession;
import dev.baton.recipes.CoordinationException;
import dev.baton.recipes.SessionConfig;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBooleanProperty;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Conditional;
import org.springframework.context.annotation.Configuration;

/**
 * The {@link BatonSession} bean (unless the application has one), connected to {@code
 * baton.connect-string} or to a {@link BatonConnectionDetails} bean's ensemble, which wins. The
 * context closes it after every election and group bean stopped (they depend on it), unless {@code
 * baton.close-on-shutdown=false} leaves it to a JVM shutdown hook.
 */
@AutoConfiguration
@ConditionalOnClass(BatonSession.class)
@ConditionalOnProperty(name = "baton.backend", havingValue = "zookeeper", matchIfMissing = true)
@Conditional(OnBatonConnectionCondition.class)
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

  /** The session closed by the context. */
  @Configuration(proxyBeanMethods = false)
  @ConditionalOnBooleanProperty(name = "baton.close-on-shutdown", matchIfMissing = true)
  static class ClosedByContext {
    @Bean(name = SESSION_BEAN, destroyMethod = "close")
    @ConditionalOnMissingBean
    BatonSession batonSession(
        BatonProperties properties,
        BatonConnectionDetails details,
        ObjectProvider<BatonSessionCustomizer> customizers) {
      return startSession(properties, details, customizers, false);
    }
  }

  /** The session closed by a JVM shutdown hook. */
  @Configuration(proxyBeanMethods = false)
  @ConditionalOnBooleanProperty(name = "baton.close-on-shutdown", havingValue = false)
  static class ClosedAtJvmExit {
    @Bean(name = SESSION_BEAN, destroyMethod = "")
    @ConditionalOnMissingBean
    BatonSession batonSession(
        BatonProperties properties,
        BatonConnectionDetails details,
        ObjectProvider<BatonSessionCustomizer> customizers) {
      return startSession(properties, details, customizers, true);
    }
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
      String timeout = PropertyCheck.text(config.connectionTimeout());
      String source =
          details instanceof PropertiesBatonConnectionDetails
              ? "baton.connect-string=" + connectString
              : "from the BatonConnectionDetails bean " + details.getClass().getName();
      throw new BatonStartupException(
          "Baton could not reach the ZooKeeper ensemble at "
              + connectString
              + " within "
              + config.connectionTimeout().toMillis()
              + " ms ("
              + source
              + ", baton.connection-timeout="
              + timeout
              + "): "
              + e.getMessage(),
          "Check that ZooKeeper runs at "
              + connectString
              + " and that this host can reach it (firewall, TLS port), or raise"
              + " baton.connection-timeout",
          e);
    }
  }
}
