// SPDX-License-Identifier: Apache-2.0
package dev.baton.recipes.lease;

import dev.baton.recipes.CoordinationException;

/**
 * The lease table is missing or misshapen (SQL state class 42), or the database is unsupported. Not
 * retried: the message names the table and says what to do.
 */
public final class LeaseTableException extends CoordinationException {
  private final String table;

  public LeaseTableException(String table, String message, Throwable cause) {
    super(message, cause);
    this.table = table;
  }

  public LeaseTableException(String table, String message) {
    super(message);
    this.table = table;
  }

  /** The configured table name. */
  public String table() {
    return table;
  }
}
