// SPDX-License-Identifier: Apache-2.0
package dev.baton.spring.autoconfigure;

import dev.baton.recipes.SessionConfig;

/**
 * Adjusts the {@link SessionConfig} that the auto-configuration builds from {@code baton.*}, for
 * settings that have no property (a retry policy, a second digest login). Beans of this type are
 * applied in {@link org.springframework.core.Ordered order}, after the properties.
 */
@FunctionalInterface
public interface BatonSessionCustomizer {
  /** Changes {@code builder}; validation happens after every customizer ran. */
  void customize(SessionConfig.Builder builder);
}
