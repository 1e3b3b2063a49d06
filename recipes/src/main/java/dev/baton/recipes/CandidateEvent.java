// SPDX-License-Identifier: Apache-2.0
package dev.baton.recipes;

import dev.baton.recipes.spi.ConnectionEpoch;
import java.util.List;
import org.jspecify.annotations.Nullable;

/** What a {@link CandidateMachine} hears: connection epochs, store replies, watches, requests. */
sealed interface CandidateEvent {
  /** The session's link changed. */
  record Link(ConnectionEpoch epoch) implements CandidateEvent {}

  /** Look again: a watch on a predecessor fired, a retry is due, or the candidate starts. */
  record Poke() implements CandidateEvent {}

  /** Reply to {@link CandidateAction.ListQueue}, read in epoch {@code epoch}. */
  record Listed(long epoch, List<String> children) implements CandidateEvent {
    public Listed {
      children = List.copyOf(children);
    }
  }

  /** Reply to {@link CandidateAction.Enter}, created in epoch {@code epoch}. */
  record Entered(long epoch, QueueEntry entry) implements CandidateEvent {}

  /** Reply to {@link CandidateAction.Inspect}: the entries that exist, read in {@code epoch}. */
  record Inspected(long epoch, List<QueueEntry> found) implements CandidateEvent {
    public Inspected {
      found = List.copyOf(found);
    }
  }

  /** The watched entry {@code name} was deleted, was already gone, or could not be watched. */
  record Gone(String name) implements CandidateEvent {}

  /** {@link Gone} of {@code name} plus {@code listed}, read right after its watch fired. */
  record GoneListed(String name, Listed listed) implements CandidateEvent {}

  /** A {@link CandidateAction.Lead} was refused: the epoch had changed by then. */
  record LeadRefused(long token) implements CandidateEvent {}

  /** Give the term up (only the term with {@code expectedToken}, if not null) and re-enter. */
  record Resign(@Nullable Long expectedToken, RevocationReason reason) implements CandidateEvent {}

  /** Leave the queue for good. */
  record Close() implements CandidateEvent {}
}
