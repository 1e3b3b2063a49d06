// SPDX-License-Identifier: Apache-2.0
package dev.baton.recipes.internal.lease;

import java.util.HexFormat;
import java.util.regex.Pattern;

/**
 * What a candidate writes as the lease's holder: its participant id and a random suffix drawn once
 * per candidate instance, {@code <participantId>#<16 hex digits>}.
 *
 * <p>The store keeps the term (and its token) for a holder that acquires again before its lease
 * lapsed, so that a candidate whose acquisition's answer was lost can find its own grant. Were the
 * holder the participant id alone, a second live candidate with the same id (two elections in one
 * process with one configuration, or a restarted process whose predecessor is only paused) would
 * take over the running term with the same token: two leaders no fence could tell apart. With the
 * suffix, only the same instance resumes; any other waits for the lease to end and gets a new
 * token.
 */
public final class LeaseHolder {
  /** The longest holder the store accepts (the column's width). */
  static final int MAX_HOLDER = 255;

  private static final int SUFFIX = 17; // '#' and 16 hex digits
  private static final Pattern SUFFIXED = Pattern.compile(".*#[0-9a-f]{16}", Pattern.DOTALL);

  /** The longest participant id a lease candidate may have, in characters. */
  public static final int MAX_PARTICIPANT_ID = MAX_HOLDER - SUFFIX;

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

  /**
   * Checks that {@code participantId} leaves room for the suffix in the store's holder column.
   *
   * @throws IllegalArgumentException if it is longer than {@link #MAX_PARTICIPANT_ID} characters
   */
  public static String checkParticipantId(String participantId) {
    if (participantId.length() > MAX_PARTICIPANT_ID) {
      throw new IllegalArgumentException(
          "on the lease backend a participantId has at most "
              + MAX_PARTICIPANT_ID
              + " characters (the lease's holder column holds 255, with a 17-character instance"
              + " suffix), not "
              + participantId.length());
    }
    return participantId;
  }
}
