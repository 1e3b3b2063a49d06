// SPDX-License-Identifier: Apache-2.0
package dev.baton.recipes.internal.queue;

import static org.assertj.core.api.Assertions.assertThat;

import dev.baton.recipes.election.ConnectionPolicy;
import dev.baton.recipes.internal.queue.CandidateAction.Lead;
import dev.baton.recipes.internal.queue.CandidateAction.ListQueue;
import dev.baton.recipes.internal.queue.CandidateAction.Watch;
import dev.baton.recipes.internal.queue.CandidateEvent.Entered;
import dev.baton.recipes.internal.queue.CandidateEvent.Gone;
import dev.baton.recipes.internal.queue.CandidateEvent.Link;
import dev.baton.recipes.internal.queue.CandidateEvent.Listed;
import dev.baton.recipes.kernel.ConnectionEpoch;
import dev.baton.recipes.kernel.QueueEntry;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A candidate whose only predecessor leaves becomes first without reading the queue again: entries
 * created since its listing have higher sequence numbers and queue behind it.
 */
class CandidateMachineFirstWhenGoneTest {
  private static final long SESSION = 0x51L;

  private static String name(String key, int seq) {
    return "_c_00000000-0000-0000-0000-00000000000"
        + (seq % 10)
        + "-"
        + CandidateName.prefixFor(key)
        + CandidateName.sequenceText(seq);
  }

  private static Link link(long n, ConnectionEpoch.Link state) {
    return new Link(new ConnectionEpoch(n, state, SESSION));
  }

  /** {@code m} enters as {@code mine} under epoch 1 and lists {@code others} with it. */
  private static List<CandidateAction> enterAndList(
      CandidateMachine m, String mine, String... others) {
    m.on(link(1, ConnectionEpoch.Link.CONNECTED));
    m.on(new Entered(1, new QueueEntry(mine, 100, SESSION)));
    List<String> children = new ArrayList<>(List.of(others));
    children.add(mine);
    return m.on(new Listed(1, children));
  }

  private final CandidateMachine election =
      new CandidateMachine("me", ConnectionPolicy.STANDARD, true);

  @Test
  void theOnlyPredecessorGoneLeadsWithoutARead() {
    String mine = name("me", 5);
    String before = name("b", 3);
    assertThat(enterAndList(election, mine, before)).containsExactly(new Watch(before, false));
    assertThat(election.firstWhenGone()).contains(before);
    assertThat(election.on(new Gone(before)))
        .as("read in epoch 1, still epoch 1: the term begins under it")
        .containsExactly(new Lead(1, 100, mine));
    assertThat(election.leadingToken()).contains(100L);
  }

  @Test
  void aPredecessorWithAnotherEntryAheadOfItIsReadAgain() {
    String mine = name("me", 5);
    String before = name("b", 3);
    enterAndList(election, mine, name("a", 1), before);
    assertThat(election.firstWhenGone()).isEmpty();
    assertThat(election.on(new Gone(before)))
        .as("the entry ahead of it may still be there")
        .containsExactly(new ListQueue());
    assertThat(election.leadingToken()).isEmpty();
  }

  @Test
  void aNewEpochSinceTheListingReadsAgain() {
    String mine = name("me", 5);
    String before = name("b", 3);
    enterAndList(election, mine, before);
    election.on(link(2, ConnectionEpoch.Link.SUSPENDED));
    election.on(link(3, ConnectionEpoch.Link.CONNECTED));
    assertThat(election.firstWhenGone()).isEmpty();
    assertThat(election.on(new Gone(before))).containsExactly(new ListQueue());
  }

  @Test
  void anyOtherEventInBetweenReadsAgain() {
    String mine = name("me", 5);
    String before = name("b", 3);
    enterAndList(election, mine, before);
    election.on(new CandidateEvent.Poke()); // its listing decides again
    assertThat(election.on(new Gone(before))).containsExactly(new ListQueue());
  }

  @Test
  void aLockAttemptThatWatchesItsHoldReadsToConfirmItsEntry() {
    CandidateMachine watching = new CandidateMachine("me", ConnectionPolicy.STANDARD, false, true);
    String mine = name("me", 5);
    String before = name("b", 3);
    enterAndList(watching, mine, before);
    assertThat(watching.firstWhenGone()).isEmpty();
    assertThat(watching.on(new Gone(before))).containsExactly(new ListQueue());
  }

  @Test
  void aLockAttemptThatDoesNotWatchItsHoldTakesItWithoutARead() {
    CandidateMachine plain = new CandidateMachine("me", ConnectionPolicy.STANDARD, false, false);
    String mine = name("me", 5);
    String before = name("b", 3);
    enterAndList(plain, mine, before);
    assertThat(plain.on(new Gone(before))).containsExactly(new Lead(1, 100, mine));
  }
}
