// SPDX-License-Identifier: Apache-2.0
package dev.baton.partition;

import java.util.ArrayList;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * The state {@link MemberMachine} shares with its parts: the connection epoch and session,
 * membership, the assignment, and the current step (its time, the actions decided so far, the
 * failures met). Plain data, confined to the machine.
 */
final class MemberSession {
  final String me;

  /** The number of the epoch last applied; a decision of an earlier epoch is not trusted. */
  long epoch;

  boolean connected;

  /** The session the member acts in; 0 before the first. */
  long id;

  boolean closing;

  /** Whether the member znode exists in this session. */
  boolean joined;

  /** Whether the assignment was read in the current epoch. */
  boolean fresh;

  /** The last good assignment read; null before the first. */
  @Nullable AssignmentRecord assignment;

  /**
   * The assignment followed before {@link #assignment} (an earlier generation); null if none. Only
   * a hint of who may still hold a partition, never trusted for safety.
   */
  @Nullable AssignmentRecord previous;

  /** The current step's time (the loop's clock, passed in with the event). */
  long now;

  /** The current step's actions, in order. */
  final List<MemberAction> out = new ArrayList<>();

  /** Failures met in the current step, for the machine's retry. */
  int failures;

  /** Whether something succeeded in the current step, which ends a failure streak. */
  boolean progress;

  MemberSession(String me) {
    this.me = me;
  }

  /** Whether the assignment read gives partition {@code p} to this member. */
  boolean mine(int p) {
    return assignment != null && me.equals(assignment.owners().get(p));
  }
}
