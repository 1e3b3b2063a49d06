// SPDX-License-Identifier: Apache-2.0
package dev.baton.spring.test.testcontainers;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.springframework.boot.autoconfigure.service.connection.ConnectionDetailsFactory;
import org.springframework.core.io.support.SpringFactoriesLoader;
import org.springframework.test.context.ContextCustomizerFactory;

/**
 * This artifact's META-INF/spring.factories, read by the loader Spring Boot and Spring Test use.
 */
class SpringFactoriesTest {
  private final SpringFactoriesLoader loader =
      SpringFactoriesLoader.forDefaultResourceLocation(getClass().getClassLoader());

  @Test
  void registersTheConnectionDetailsFactory() {
    List<?> factories = loader.load(ConnectionDetailsFactory.class);
    assertThat(factories)
        .filteredOn(ZooKeeperContainerConnectionDetailsFactory.class::isInstance)
        .hasSize(1);
  }

  @Test
  void registersTheContextCustomizerFactory() {
    List<ContextCustomizerFactory> factories = loader.load(ContextCustomizerFactory.class);
    assertThat(factories)
        .extracting(factory -> factory.getClass().getName())
        .containsOnlyOnce("dev.baton.spring.test.EmbeddedZooKeeperContextCustomizerFactory");
  }
}
