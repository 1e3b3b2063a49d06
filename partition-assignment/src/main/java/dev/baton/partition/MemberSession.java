// SPDX-License-Identifier: Apache-2.0
package dev.baton.partition;

import java.util.ArrayList;
import java.util.List;
import org.jspecify.annotations.Nullable;

/** The state {@link MemberMachine} shares with its parts; plain data, machine-confined. */
final class MemberSession {
  final String me;

  /** The number of the epoch last applied; a decision of an earlier epoch is not trusted. */
  long epoch;

  boolean connected;

  long id;

  boolean closing;

  /** Whether the member znode exists in this session. */
  boolean joined;

  /** Whether the assignment was read in the current epoch. */
  boolean fresh;

  /** The last good assignment read; null before the first. */
  @Nullable AssignmentRecord assignment;

  /** The previous assignment: a hint of who may still hold a partition, never trusted. */
  @Nullable AssignmentRecord previous;

  long now;

  final List<MemberAction> out = new ArrayList<>();

  /** Failures met in the current step, for the machine's retry. */
  int failures;

  /** Whether something succeeded in the current step, which ends a failure streak. */
  boolean progress;

  MemberSession(String me) {
    this.me = me;
  }

  boolean mine(int p) {
    return assignment != null && me.equals(assignment.owners().get(p));
  }
}
