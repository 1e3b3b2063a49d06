// SPDX-License-Identifier: Apache-2.0
package dev.baton.recipes;

import java.util.List;

/** What a {@link CandidateMachine} asks its I/O loop to do; replies come back as events. */
sealed interface CandidateAction {
  /** Read the queue's children; reply {@link CandidateEvent.Listed}. */
  record ListQueue() implements CandidateAction {}

  /** Create this candidate's entry; reply {@link CandidateEvent.Entered}. */
  record Enter() implements CandidateAction {}

  /** Read the entries {@code names} of this candidate; reply {@link CandidateEvent.Inspected}. */
  record Inspect(List<String> names) implements CandidateAction {
    public Inspect {
      names = List.copyOf(names);
    }
  }

  /** Delete the entry {@code name} (no reply; a failure is retried by the loop). */
  record Delete(String name) implements CandidateAction {}

  /** Watch {@code name}; {@link CandidateEvent.Gone} when or if it is gone (own: no waiting). */
  record Watch(String name, boolean own) implements CandidateAction {}

  /** Begin or resume {@code name}'s term if still in {@code epoch} (checked as it publishes). */
  record Lead(long epoch, long token, String name) implements CandidateAction {}

  /** Pause the current term (connection suspended under the session policy). */
  record Pause() implements CandidateAction {}

  /** End the current term, if any, for {@code reason}. */
  record Revoke(RevocationReason reason) implements CandidateAction {}

  /** After a lost session: {@link CandidateEvent.Poke} again after a random re-entry delay. */
  record ListLater() implements CandidateAction {}

  /** The child {@code name} is not a candidate's entry: log and count it once. */
  record Ignore(String name) implements CandidateAction {}
}
