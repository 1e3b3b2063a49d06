// SPDX-License-Identifier: Apache-2.0
package dev.baton.spring;

import static org.assertj.core.api.Assertions.assertThat;

import org.springframework.boot.context.properties.source.InvalidConfigurationPropertyValueException;
import org.springframework.boot.test.context.assertj.AssertableApplicationContext;

/**
 * Checks of a failed start that is no configuration mistake (a database or an ensemble that cannot
 * be reached, a table that cannot be created): Spring must not report it as an invalid value.
 */
public final class StartupFailures {
  private StartupFailures() {}

  /**
   * The context's start-up failure, asserted present and {@linkplain #assertNoInvalidValue no
   * invalid value}.
   */
  public static Throwable notAnInvalidValue(AssertableApplicationContext ctx) {
    Throwable failure = ctx.getStartupFailure();
    assertThat(failure).as("a start-up failure").isNotNull();
    assertNoInvalidValue(failure);
    return failure;
  }

  /**
   * Asserts that neither {@code failure} nor any of its causes reports an invalid property value.
   */
  public static void assertNoInvalidValue(Throwable failure) {
    for (Throwable t = failure; t != null; t = t.getCause()) {
      assertThat(t)
          .as("reported as an invalid value: %s", failure)
          .isNotInstanceOf(InvalidConfigurationPropertyValueException.class);
    }
  }
}
