// SPDX-License-Identifier: Apache-2.0
package dev.baton.recipes.lease;

/** What a {@link LeaseMachine} learns; times are monotonic nanoseconds, never a wall clock. */
sealed interface LeaseEvent {
  record Start() implements LeaseEvent {}

  /** A {@link LeaseAction.Wait} of generation {@code generation} is over. */
  record Tick(long generation, long now) implements LeaseEvent {}

  /** The lease was acquired with {@code token} by a statement sent at {@code sentAt}. */
  record Acquired(long token, long sentAt, long now) implements LeaseEvent {}

  /** Another holder's lease is live. */
  record Refused() implements LeaseEvent {}

  /** The database is unreachable or the acquisition's outcome is unknown. */
  record AcquireFailed() implements LeaseEvent {}

  /** The renewal of {@code token}, sent at {@code sentAt}, was confirmed. */
  record Renewed(long token, long sentAt, long now) implements LeaseEvent {}

  /** The database refused the renewal of {@code token}: it is no longer this term's lease. */
  record RenewRefused(long token) implements LeaseEvent {}

  /** The renewal of {@code token} failed: the database is unreachable or did not answer. */
  record RenewFailed(long token) implements LeaseEvent {}

  /** The term of {@code token} ended from outside (deadline, resignation, callback failure). */
  record Ended(long token) implements LeaseEvent {}

  /** A holder released the lease (a notification): a follower tries at once. */
  record Wake() implements LeaseEvent {}

  /** The candidate leaves; its term (if any) has ended and its callbacks have drained. */
  record Close() implements LeaseEvent {}
}
