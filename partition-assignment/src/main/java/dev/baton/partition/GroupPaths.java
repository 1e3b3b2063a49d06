// SPDX-License-Identifier: Apache-2.0
package dev.baton.partition;

import java.util.regex.Pattern;
import org.apache.curator.utils.ZKPaths;

/**
 * A group's znodes (docs/partitions.md) and the ids naming them: member ids and zones are 1 to 128
 * characters of {@code A-Z a-z 0-9 . _ : @ -}, starting with a letter or digit.
 */
record GroupPaths(String group) {
  private static final Pattern ID = Pattern.compile("[A-Za-z0-9][A-Za-z0-9._:@-]{0,127}");

  public static boolean isValidId(String id) {
    return id != null && ID.matcher(id).matches();
  }

  /** Checks that {@code id} is a valid member id or zone, naming {@code field}, and returns it. */
  public static String checkId(String field, String id) {
    if (!isValidId(id)) {
      throw new IllegalArgumentException(
          ("%s must be 1 to 128 characters of A-Z a-z 0-9 . _ : @ -, starting with a letter or"
                  + " digit; was '%s'")
              .formatted(
                  field, id == null || id.length() <= 40 ? id : id.substring(0, 40) + "..."));
    }
    return id;
  }

  public String members() {
    return ZKPaths.makePath(group, "members");
  }

  public String member(String id) {
    return ZKPaths.makePath(members(), id);
  }

  public String assigner() {
    return ZKPaths.makePath(group, "assigner");
  }

  public String assignment() {
    return ZKPaths.makePath(group, "assignment");
  }

  public String partitions() {
    return ZKPaths.makePath(group, "partitions");
  }

  public String owners() {
    return ZKPaths.makePath(group, "owners");
  }

  public String owner(int partition) {
    return ZKPaths.makePath(owners(), Integer.toString(partition));
  }

  /** The scope of partition {@code p}'s fencing tokens: its ownership znode's path. */
  public String tokenScope(int partition) {
    return owner(partition);
  }
}
