// SPDX-License-Identifier: Apache-2.0
package dev.baton.recipes;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;

import dev.baton.recipes.CandidateAction.Delete;
import dev.baton.recipes.CandidateAction.Enter;
import dev.baton.recipes.CandidateAction.Inspect;
import dev.baton.recipes.CandidateAction.Lead;
import dev.baton.recipes.CandidateAction.ListLater;
import dev.baton.recipes.CandidateAction.ListQueue;
import dev.baton.recipes.CandidateAction.Pause;
import dev.baton.recipes.CandidateAction.Revoke;
import dev.baton.recipes.CandidateAction.Watch;
import dev.baton.recipes.CandidateEvent.Entered;
import dev.baton.recipes.CandidateEvent.Gone;
import dev.baton.recipes.CandidateEvent.GoneListed;
import dev.baton.recipes.CandidateEvent.Inspected;
import dev.baton.recipes.CandidateEvent.LeadRefused;
import dev.baton.recipes.CandidateEvent.Link;
import dev.baton.recipes.CandidateEvent.Listed;
import dev.baton.recipes.spi.ConnectionEpoch;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/** The candidate's decisions, without a server. */
class CandidateMachineTest {
  private static final long SESSION = 0x51L;

  private final CandidateMachine machine =
      new CandidateMachine("me", false /* standard policy */, true);

  private static String name(String key, int seq) {
    return "_c_"
        + UUID.nameUUIDFromBytes((key + seq).getBytes(StandardCharsets.UTF_8))
        + "-"
        + CandidateName.prefixFor(key)
        + CandidateName.sequenceText(seq);
  }

  private static ConnectionEpoch epoch(long n, ConnectionEpoch.Link link, long session) {
    return new ConnectionEpoch(n, link, session);
  }

  /** Brings the machine to "my entry is {@code mine}, listed under epoch 1". */
  private List<CandidateAction> enterAndList(String mine, String... others) {
    assertThat(machine.on(new Link(epoch(1, ConnectionEpoch.Link.CONNECTED, SESSION))))
        .as("a new key has nothing to look for: it enters at once")
        .containsExactly(new Enter());
    assertThat(machine.on(new Entered(1, new QueueEntry(mine, 100, SESSION))))
        .containsExactly(new Watch(mine, true), new ListQueue());
    List<String> children = new java.util.ArrayList<>(List.of(others));
    children.add(mine);
    return machine.on(new Listed(1, children));
  }

  @Test
  void leadsWhenFirstWithTheEpochTheQueueWasReadIn() {
    String mine = name("me", 5);
    assertThat(enterAndList(mine)).containsExactly(new Lead(1, 100, mine));
    assertThat(machine.leadingToken()).contains(100L);
  }

  @Test
  void followsOnlyItsImmediatePredecessor() {
    String mine = name("me", 5);
    assertThat(enterAndList(mine, name("a", 1), name("b", 3)))
        .containsExactly(new Watch(name("b", 3), false));
  }

  /**
   * Simulation seed 1594097173 (election): an entry whose watch fired (the io remembers it and
   * refuses every term on it) was forgotten once a resign named another dead entry, then found in a
   * listing, adopted as this session's, and led on: refused for ever, no leader. Every own entry
   * whose watch fired stays one the machine deletes, never adopts.
   */
  @Test
  void neverAdoptsAnOwnEntryWhoseWatchFiredEvenAfterAResign() {
    String first = name("me", 5);
    String second = name("me", 7);
    machine.on(new Link(epoch(1, ConnectionEpoch.Link.CONNECTED, SESSION)));
    machine.on(new Entered(1, new QueueEntry(first, 100, SESSION)));
    assertThat(machine.on(new Gone(first))).containsExactly(new ListQueue());
    assertThat(machine.on(new Listed(1, List.of()))).containsExactly(new Enter());
    assertThat(machine.on(new Entered(1, new QueueEntry(second, 101, SESSION))))
        .containsExactly(new Watch(second, true), new ListQueue());
    assertThat(machine.on(new CandidateEvent.Resign(null, RevocationReason.RESIGNED)))
        .containsExactly(new Delete(second), new ListQueue());

    assertThat(machine.on(new Listed(1, List.of(first, second))))
        .as("both dead entries deleted, a new one entered; neither inspected for adoption")
        .containsExactly(new Delete(first), new Delete(second), new Enter());
  }

  @Test
  void thePreloadRunsWithoutIo() {
    assertThatCode(CandidateMachine::preload).doesNotThrowAnyException();
  }

  @Test
  void aPredecessorGoneWithAListingReadSinceLeadsWithoutAnotherRead() {
    String mine = name("me", 5);
    String before = name("b", 3);
    enterAndList(mine, before);
    assertThat(machine.on(new GoneListed(before, new Listed(1, List.of(mine)))))
        .as("the same as Gone, then the answer to its ListQueue")
        .containsExactly(new Lead(1, 100, mine));
  }

  @Test
  void aPredecessorGoneWithAListingFromAnEarlierEpochWaitsForTheLink() {
    String mine = name("me", 5);
    String before = name("b", 3);
    enterAndList(mine, before);
    machine.on(new Link(epoch(2, ConnectionEpoch.Link.SUSPENDED, SESSION)));
    machine.on(new Link(epoch(3, ConnectionEpoch.Link.CONNECTED, SESSION)));
    assertThat(machine.on(new GoneListed(before, new Listed(1, List.of(mine))))).isEmpty();
    assertThat(machine.leadingToken()).isEmpty();
  }

  @Test
  void theOwnEntryIsNeverTakenForAPredecessor() {
    String mine = name("me", 5);
    enterAndList(mine);
    assertThat(machine.on(new GoneListed(mine, new Listed(1, List.of(mine)))))
        .as("the listing is dropped: the deletion goes the way of Gone")
        .containsExactly(new Revoke(RevocationReason.NODE_DELETED), new ListQueue());
  }

  @Test
  void theOwnEntrysDeletionRevokesBeforeAnythingIsRead() {
    String mine = name("me", 5);
    enterAndList(mine);
    assertThat(machine.on(new Gone(mine)))
        .containsExactly(new Revoke(RevocationReason.NODE_DELETED), new ListQueue());
    // a listing from before the deletion still shows the entry: it is never adopted again
    assertThat(machine.on(new Listed(1, List.of(mine))))
        .containsExactly(new Delete(mine), new Enter());
  }

  @Test
  void aListingFromAnEarlierEpochIsIgnored() {
    String mine = name("me", 5);
    enterAndList(mine, name("a", 1));
    assertThat(machine.on(new Link(epoch(2, ConnectionEpoch.Link.SUSPENDED, SESSION)))).isEmpty();
    assertThat(machine.on(new Listed(1, List.of(mine)))).isEmpty();
    assertThat(machine.on(new Link(epoch(3, ConnectionEpoch.Link.CONNECTED, SESSION))))
        .containsExactly(new ListQueue());
    assertThat(machine.on(new Listed(3, List.of(mine)))).containsExactly(new Lead(3, 100, mine));
  }

  @Test
  void suspensionRevokesUnderTheStandardPolicyAndPausesUnderTheSessionPolicy() {
    String mine = name("me", 5);
    enterAndList(mine);
    assertThat(machine.on(new Link(epoch(2, ConnectionEpoch.Link.SUSPENDED, SESSION))))
        .containsExactly(new Revoke(RevocationReason.CONNECTION_SUSPENDED));
    CandidateMachine session = new CandidateMachine("me", true /* session policy */, true);
    session.on(new Link(epoch(1, ConnectionEpoch.Link.CONNECTED, SESSION)));
    session.on(new Entered(1, new QueueEntry(mine, 100, SESSION)));
    session.on(new Listed(1, List.of(mine)));
    assertThat(session.on(new Link(epoch(2, ConnectionEpoch.Link.SUSPENDED, SESSION))))
        .containsExactly(new Pause());
    session.on(new Link(epoch(3, ConnectionEpoch.Link.CONNECTED, SESSION)));
    assertThat(session.on(new Listed(3, List.of(mine)))).containsExactly(new Lead(3, 100, mine));
  }

  @Test
  void aLostSessionRevokesForgetsTheEntryAndReentersAfterTheJitter() {
    String mine = name("me", 5);
    enterAndList(mine);
    assertThat(machine.on(new Link(epoch(2, ConnectionEpoch.Link.LOST, SESSION))))
        .containsExactly(new Revoke(RevocationReason.SESSION_LOST));
    assertThat(machine.on(new Link(epoch(3, ConnectionEpoch.Link.CONNECTED, 0x52L))))
        .containsExactly(new ListQueue());
    assertThat(machine.on(new Listed(3, List.of()))).containsExactly(new ListLater());
    assertThat(machine.on(new CandidateEvent.Poke())).containsExactly(new ListQueue());
    assertThat(machine.on(new Listed(3, List.of()))).containsExactly(new Enter());
  }

  @Test
  void anEntryOfAnEarlierSessionIsDeletedAndOneOfThisSessionAdopted() {
    String old = name("me", 1);
    enterAndList(old);
    machine.on(new Link(epoch(2, ConnectionEpoch.Link.LOST, SESSION)));
    assertThat(machine.on(new Link(epoch(3, ConnectionEpoch.Link.CONNECTED, 0x52L))))
        .containsExactly(new ListQueue());
    // a create of the new session that was cut by a connection loss left an orphan behind
    String orphan = name("me", 2);
    assertThat(machine.on(new Listed(3, List.of(old, orphan))))
        .containsExactly(new Inspect(List.of(old, orphan)));
    assertThat(
            machine.on(
                new Inspected(
                    3,
                    List.of(new QueueEntry(old, 90, SESSION), new QueueEntry(orphan, 95, 0x52L)))))
        .containsExactly(new Delete(old), new Watch(orphan, true), new ListQueue());
    assertThat(machine.on(new Listed(3, List.of(orphan)))).containsExactly(new Lead(3, 95, orphan));
  }

  @Test
  void anEntryCreatedInAnotherSessionIsNeverKept() {
    assertThat(machine.on(new Link(epoch(1, ConnectionEpoch.Link.CONNECTED, SESSION))))
        .containsExactly(new Enter());
    String stray = name("me", 4);
    assertThat(machine.on(new Entered(1, new QueueEntry(stray, 100, 0x99L))))
        .containsExactly(new Delete(stray), new ListQueue());
    assertThat(machine.entry()).isEmpty();
  }

  @Test
  void aRefusedLeadIsForgottenSoTheNextListingLeadsAgain() {
    String mine = name("me", 5);
    enterAndList(mine);
    assertThat(machine.on(new LeadRefused(100))).isEmpty();
    assertThat(machine.leadingToken()).isEmpty();
    machine.on(new Link(epoch(2, ConnectionEpoch.Link.CONNECTED, SESSION)));
    assertThat(machine.on(new Listed(2, List.of(mine)))).containsExactly(new Lead(2, 100, mine));
  }

  @Test
  void aLeaderThatFallsBehindAnotherEntryRevokesWithNotLowest() {
    String mine = name("me", 5);
    enterAndList(mine);
    String ahead = name("x", 5 - 1);
    assertThat(machine.on(new Listed(1, List.of(ahead, mine))))
        .containsExactly(new Revoke(RevocationReason.NOT_LOWEST), new Watch(ahead, false));
  }

  @Test
  void resignRevokesDeletesAndReentersAtTheBack() {
    String mine = name("me", 5);
    enterAndList(mine);
    assertThat(machine.on(new CandidateEvent.Resign(null, RevocationReason.RESIGNED)))
        .containsExactly(new Revoke(RevocationReason.RESIGNED), new Delete(mine), new ListQueue());
    assertThat(machine.on(new CandidateEvent.Resign(100L, RevocationReason.CALLBACK_FAILED)))
        .isEmpty(); // that term is over already
  }

  /** Found in review: the entry a resign deleted came back from a listing as this session's. */
  @Test
  void anEntryItResignedIsNeverAdoptedAgainThoughAListingStillShowsIt() {
    String mine = name("me", 5);
    enterAndList(mine);
    machine.on(new CandidateEvent.Resign(null, RevocationReason.RESIGNED));
    // the delete went to the background; a listing in the same session still shows the entry
    List<CandidateAction> out = machine.on(new Listed(1, List.of(mine)));
    assertThat(out.get(0)).isEqualTo(new Delete(mine));
    assertThat(out).noneMatch(a -> a instanceof Inspect || a instanceof Lead);
    assertThat(out).anyMatch(a -> a instanceof Enter); // a new entry, at the back
  }

  @Test
  void closeRevokesDeletesAndIgnoresEverythingAfter() {
    String mine = name("me", 5);
    enterAndList(mine);
    assertThat(machine.on(new CandidateEvent.Close()))
        .containsExactly(new Revoke(RevocationReason.CLOSED), new Delete(mine));
    assertThat(machine.on(new Link(epoch(2, ConnectionEpoch.Link.CONNECTED, SESSION)))).isEmpty();
    String late = name("me", 6);
    assertThat(machine.on(new Entered(2, new QueueEntry(late, 101, SESSION))))
        .containsExactly(new Delete(late));
  }

  @Test
  void aLockAttemptWatchesItsEntryOnlyIfAskedTo() {
    CandidateMachine lock = new CandidateMachine("me", false /* standard policy */, false, false);
    String mine = name("me", 5);
    lock.on(new Link(epoch(1, ConnectionEpoch.Link.CONNECTED, SESSION)));
    lock.on(new Entered(1, new QueueEntry(mine, 100, SESSION)));
    assertThat(lock.on(new Listed(1, List.of(mine)))).containsExactly(new Lead(1, 100, mine));
  }

  @Test
  void aLockAttemptStopsForGoodOnceItsHoldEnded() {
    CandidateMachine lock = new CandidateMachine("me", false /* standard policy */, false, true);
    String mine = name("me", 5);
    lock.on(new Link(epoch(1, ConnectionEpoch.Link.CONNECTED, SESSION)));
    assertThat(lock.on(new Entered(1, new QueueEntry(mine, 100, SESSION))))
        .as("no watch of its own entry before it holds")
        .containsExactly(new ListQueue());
    assertThat(lock.on(new Listed(1, List.of(mine))))
        .containsExactly(new Watch(mine, true), new Lead(1, 100, mine));
    assertThat(lock.on(new Link(epoch(2, ConnectionEpoch.Link.SUSPENDED, SESSION))))
        .containsExactly(new Revoke(RevocationReason.CONNECTION_SUSPENDED), new Delete(mine));
    assertThat(lock.isClosed()).isTrue();
    assertThat(lock.on(new Link(epoch(3, ConnectionEpoch.Link.CONNECTED, SESSION)))).isEmpty();
  }
}
