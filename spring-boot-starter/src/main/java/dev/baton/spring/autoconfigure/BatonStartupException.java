// SPDX-License-Identifier: Apache-2.0
package dev.baton.spring.autoconfigure;

import org.jspecify.annotations.Nullable;

/**
 * Baton could not start for a reason other than a refused value ({@link BatonPropertyException}):
 * the ensemble or database was unreachable, or a table could not be created. The message names the
 * settings and values; Spring Boot prints a "Description / Action" report.
 */
public class BatonStartupException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  private final String action;

  /** A start-up failure: what failed (naming the settings and values), and what to do. */
  public BatonStartupException(String description, String action, @Nullable Throwable cause) {
    super(description + ". " + action, cause);
    this.action = action;
  }

  /** What to check or change. */
  public String getAction() {
    return action;
  }

  /** What failed, without the action. */
  public String getDescription() {
    String message = String.valueOf(getMessage());
    return message.substring(0, message.length() - action.length() - 2);
  }
}
