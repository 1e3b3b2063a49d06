// SPDX-License-Identifier: Apache-2.0
package dev.baton.recipes.lease;

import dev.baton.internal.SafeText;
import java.util.Objects;
import java.util.regex.Pattern;

/** The name of a lease table: checked once, for the configuration and the statements alike. */
final class LeaseTable {
  /** A plain identifier, optionally schema-qualified, each part fitting PostgreSQL's 63 bytes. */
  private static final Pattern NAME =
      Pattern.compile("^([A-Za-z_][A-Za-z0-9_]{0,62}\\.)?[A-Za-z_][A-Za-z0-9_]{0,62}$");

  private LeaseTable() {}

  /**
   * Checks the name of a lease table (the setting {@code LeaseConfig.table}).
   *
   * @throws NullPointerException if {@code table} is null
   * @throws IllegalArgumentException naming the setting and the value if it is not a plain SQL
   *     identifier
   */
  public static String valid(String table) {
    if (!NAME.matcher(Objects.requireNonNull(table, "table")).matches()) {
      throw new IllegalArgumentException(
          "invalid LeaseConfig.table "
              + SafeText.quoted(table, 80)
              + ": the lease table's name must be 1 to 63 ASCII letters, digits and underscores,"
              + " not starting with a digit, optionally schema.table");
    }
    return table;
  }
}
