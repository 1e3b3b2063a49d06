// SPDX-License-Identifier: Apache-2.0
package dev.baton.spring.autoconfigure;

import dev.baton.recipes.SessionConfig;

/**
 * Adjusts the {@link SessionConfig} built from {@code baton.*} for settings without a property
 * (retry policy, second digest login); beans apply in {@code Ordered} order after the properties.
 */
@FunctionalInterface
public interface BatonSessionCustomizer {
  /** Changes {@code builder}; validation happens after every customizer ran. */
  void customize(SessionConfig.Builder builder);
}
