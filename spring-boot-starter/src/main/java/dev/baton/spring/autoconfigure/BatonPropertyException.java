// SPDX-License-Identifier: Apache-2.0
package dev.baton.spring.autoconfigure;

import org.jspecify.annotations.Nullable;
import org.springframework.boot.context.properties.source.InvalidConfigurationPropertyValueException;

/**
 * A {@code baton.*} value Baton refused at start-up, printed by Spring Boot as a "Description /
 * Action" report naming the property, its value and origin (file and line); passwords hidden.
 */
public class BatonPropertyException extends InvalidConfigurationPropertyValueException {
  private static final long serialVersionUID = 1L;

  /** Kept here: the superclass fixes its own cause to null, so initCause cannot set it. */
  private final @Nullable Throwable cause;

  /** A refused value of {@code property} ({@code value} null when unset), and why. */
  public BatonPropertyException(
      String property, @Nullable Object value, String reason, @Nullable Throwable cause) {
    super(property, value, reason);
    this.cause = cause;
  }

  /** The library's exception, if any. */
  @Override
  public synchronized @Nullable Throwable getCause() {
    return cause;
  }
}
