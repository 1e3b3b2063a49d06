// SPDX-License-Identifier: Apache-2.0
package dev.baton.recipes.lease;

import dev.baton.recipes.spi.Validation;
import java.util.HexFormat;
import java.util.regex.Pattern;

/**
 * What a candidate writes as the lease's holder: its participant id and a random suffix drawn once
 * per candidate instance, {@code <participantId>#<16 hex digits>}.
 *
 * <p>The store lets a holder take its own row again before the lease lapsed (with a new token), so
 * that a candidate whose acquisition's answer was lost need not wait for that grant to expire. The
 * suffix keeps that to the same instance: a second live candidate with the same id (two elections
 * in one process with one configuration, or a restarted process whose predecessor is only paused)
 * waits for the lease to end, as any other candidate does.
 */
final class LeaseHolder {
  private static final int SUFFIX = 17; // '#' and 16 hex digits
  private static final Pattern SUFFIXED = Pattern.compile(".*#[0-9a-f]{16}", Pattern.DOTALL);

  /**
   * The longest holder, in characters: the longest participant id ({@value Validation#MAX_ID_BYTES}
   * bytes of UTF-8, so at most as many characters) and the suffix. The holder column is at least
   * this wide (see {@link LeaseSchema}).
   */
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
