// SPDX-License-Identifier: Apache-2.0
package dev.baton.recipes.lease;

import dev.baton.recipes.RevocationReason;

/** What a {@link LeaseMachine} decides; its {@link LeaseIo} carries it out in order. */
sealed interface LeaseAction {
  record Acquire() implements LeaseAction {}

  record Renew(long token) implements LeaseAction {}

  record Release(long token) implements LeaseAction {}

  /** Begin the term of {@code token}, active until the monotonic time {@code deadline}. */
  record Begin(long token, long deadline) implements LeaseAction {}

  /** The term of {@code token} is now active until {@code deadline}. */
  record Extend(long token, long deadline) implements LeaseAction {}

  /** End the term of {@code token} for {@code reason} (a no-op if it already ended). */
  record End(long token, RevocationReason reason) implements LeaseAction {}

  /** Deliver {@link LeaseEvent.Tick} of {@code generation} after {@code delayNanos}. */
  record Wait(long generation, long delayNanos) implements LeaseAction {}
}
