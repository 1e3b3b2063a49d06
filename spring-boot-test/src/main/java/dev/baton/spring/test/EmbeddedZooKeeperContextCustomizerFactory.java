// SPDX-License-Identifier: Apache-2.0
package dev.baton.spring.test;

import java.util.List;
import org.jspecify.annotations.Nullable;
import org.springframework.test.context.ContextConfigurationAttributes;
import org.springframework.test.context.ContextCustomizer;
import org.springframework.test.context.ContextCustomizerFactory;
import org.springframework.test.context.TestContextAnnotationUtils;

/**
 * Registered in {@code META-INF/spring.factories}: an embedded ZooKeeper for the test classes
 * annotated with {@link AutoConfigureEmbeddedZooKeeper} (directly, as a meta-annotation, inherited,
 * or on an enclosing class of a {@code @Nested} test).
 */
final class EmbeddedZooKeeperContextCustomizerFactory implements ContextCustomizerFactory {
  @Override
  public @Nullable ContextCustomizer createContextCustomizer(
      Class<?> testClass, List<ContextConfigurationAttributes> configAttributes) {
    return TestContextAnnotationUtils.hasAnnotation(testClass, AutoConfigureEmbeddedZooKeeper.class)
        ? new EmbeddedZooKeeperContextCustomizer()
        : null;
  }
}
