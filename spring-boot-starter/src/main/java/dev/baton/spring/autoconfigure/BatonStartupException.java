// SPDX-License-Identifier: Apache-2.0
package dev.baton.spring.autoconfigure;

import org.jspecify.annotations.Nullable;

/**
 * Baton could not start for a reason other than a refused value: the ZooKeeper ensemble or the
 * database could not be reached, or a table could not be created. The message says what failed and
 * names the settings involved with their values; Spring Boot prints it as a "Description / Action"
 * report. (A refused value is a {@link BatonPropertyException}.)
 */
public class BatonStartupException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  /** What to do about it. */
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
