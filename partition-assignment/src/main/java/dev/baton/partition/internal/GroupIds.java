// SPDX-License-Identifier: Apache-2.0
package dev.baton.partition.internal;

import java.util.regex.Pattern;

/**
 * Member ids and zones: they name znodes and appear in records, so they are restricted to 1 to 128
 * characters of {@code A-Z a-z 0-9 . _ : @ -}, starting with a letter or digit.
 */
public final class GroupIds {
  private static final Pattern ID = Pattern.compile("[A-Za-z0-9][A-Za-z0-9._:@-]{0,127}");

  private GroupIds() {}

  public static boolean isValid(String id) {
    return id != null && ID.matcher(id).matches();
  }

  /**
   * Checks that {@code id} is a valid id and returns it.
   *
   * @throws IllegalArgumentException naming {@code field}
   */
  public static String check(String field, String id) {
    if (!isValid(id)) {
      throw new IllegalArgumentException(
          field
              + " must be 1 to 128 characters of A-Z a-z 0-9 . _ : @ -,"
              + " starting with a letter or digit; was '"
              + (id == null ? null : Ranges.abbreviate(id))
              + "'");
    }
    return id;
  }
}
