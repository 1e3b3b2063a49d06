// SPDX-License-Identifier: Apache-2.0
package dev.baton.recipes.lease;

import dev.baton.recipes.spi.Validation;
import java.util.HexFormat;
import java.util.regex.Pattern;

/**
 * The holder as written, {@code <participantId>#<16 hex digits>}, random per instance: a holder may
 * retake its own live row (after a lost answer), but another instance with its id waits.
 */
final class LeaseHolder {
  private static final int SUFFIX = 17; // '#' and 16 hex digits
  private static final Pattern SUFFIXED = Pattern.compile(".*#[0-9a-f]{16}", Pattern.DOTALL);

  /** The longest holder in characters: the longest participant id plus the suffix. */
  static final int MAX_HOLDER = Validation.MAX_ID_BYTES + SUFFIX;

  private LeaseHolder() {}

  /** The holder of the candidate instance {@code instance} of {@code participantId}. */
  public static String of(String participantId, long instance) {
    return participantId + "#" + HexFormat.of().toHexDigits(instance);
  }

  /** The participant id in {@code holder}: without its instance suffix, if it has one. */
  public static String participantOf(String holder) {
    return SUFFIXED.matcher(holder).matches()
        ? holder.substring(0, holder.length() - SUFFIX)
        : holder;
  }
}
