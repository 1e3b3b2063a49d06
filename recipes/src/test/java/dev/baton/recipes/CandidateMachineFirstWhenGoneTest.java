// SPDX-License-Identifier: Apache-2.0
package dev.baton.recipes;

import static org.assertj.core.api.Assertions.assertThat;

import dev.baton.recipes.CandidateAction.Lead;
import dev.baton.recipes.CandidateAction.ListQueue;
import dev.baton.recipes.CandidateAction.Watch;
import dev.baton.recipes.CandidateEvent.Entered;
import dev.baton.recipes.CandidateEvent.Gone;
import dev.baton.recipes.CandidateEvent.Link;
import dev.baton.recipes.CandidateEvent.Listed;
import dev.baton.recipes.spi.ConnectionEpoch;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A lock attempt whose only predecessor leaves takes the lock without reading the queue again:
 * entries created since its listing have higher sequence numbers and queue behind it. An election
 * always reads.
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
      new CandidateMachine("me", false /* standard policy */, true);
  private final CandidateMachine lock =
      new CandidateMachine("me", false /* standard policy */, false, false);

  @Test
  void theOnlyPredecessorGoneTakesTheLockWithoutARead() {
    String mine = name("me", 5);
    String before = name("b", 3);
    assertThat(enterAndList(lock, mine, before)).containsExactly(new Watch(before, false));
    assertThat(lock.firstWhenGone()).contains(before);
    assertThat(lock.on(new Gone(before)))
        .as("read in epoch 1, still epoch 1: the hold begins under it")
        .containsExactly(new Lead(1, 100, mine));
    assertThat(lock.leadingToken()).contains(100L);
  }

  @Test
  void anElectionAlwaysReadsSoTheOldLeadersOwnDeletionEventCanEndItsTermFirst() {
    String mine = name("me", 5);
    String before = name("b", 3);
    enterAndList(election, mine, before);
    assertThat(election.firstWhenGone()).isEmpty();
    assertThat(election.on(new Gone(before))).containsExactly(new ListQueue());
  }

  @Test
  void aPredecessorWithAnotherEntryAheadOfItIsReadAgain() {
    String mine = name("me", 5);
    String before = name("b", 3);
    enterAndList(lock, mine, name("a", 1), before);
    assertThat(lock.firstWhenGone()).isEmpty();
    assertThat(lock.on(new Gone(before)))
        .as("the entry ahead of it may still be there")
        .containsExactly(new ListQueue());
    assertThat(lock.leadingToken()).isEmpty();
  }

  @Test
  void aNewEpochSinceTheListingReadsAgain() {
    String mine = name("me", 5);
    String before = name("b", 3);
    enterAndList(lock, mine, before);
    lock.on(link(2, ConnectionEpoch.Link.SUSPENDED));
    assertThat(lock.firstWhenGone()).as("a suspension ends the attempt").isEmpty();
    assertThat(lock.isClosed()).isFalse();
    lock.on(link(3, ConnectionEpoch.Link.CONNECTED));
    assertThat(lock.firstWhenGone()).isEmpty();
    assertThat(lock.on(new Gone(before))).containsExactly(new ListQueue());
  }

  @Test
  void anyOtherEventInBetweenReadsAgain() {
    String mine = name("me", 5);
    String before = name("b", 3);
    enterAndList(lock, mine, before);
    lock.on(new CandidateEvent.Poke()); // its listing decides again
    assertThat(lock.on(new Gone(before))).containsExactly(new ListQueue());
  }

  @Test
  void aLockAttemptThatWatchesItsHoldReadsToConfirmItsEntry() {
    CandidateMachine watching =
        new CandidateMachine("me", false /* standard policy */, false, true);
    String mine = name("me", 5);
    String before = name("b", 3);
    enterAndList(watching, mine, before);
    assertThat(watching.firstWhenGone()).isEmpty();
    assertThat(watching.on(new Gone(before))).containsExactly(new ListQueue());
  }
}
