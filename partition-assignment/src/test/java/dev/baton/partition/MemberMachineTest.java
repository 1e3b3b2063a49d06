// SPDX-License-Identifier: Apache-2.0
package dev.baton.partition;

import static dev.baton.partition.MachineScript.assignment;
import static org.assertj.core.api.Assertions.assertThat;

import dev.baton.partition.MemberAction.BeginTerm;
import dev.baton.partition.MemberAction.CheckOwnerNodes;
import dev.baton.partition.MemberAction.CreateOwnerNodes;
import dev.baton.partition.MemberAction.DeleteOwnerNodes;
import dev.baton.partition.MemberAction.EndTerm;
import dev.baton.partition.MemberAction.Join;
import dev.baton.partition.MemberAction.Leave;
import dev.baton.partition.MemberAction.ReadAssignment;
import dev.baton.partition.MemberAction.Schedule;
import dev.baton.partition.MemberEvent.AssignmentRead;
import dev.baton.partition.MemberEvent.Checked;
import dev.baton.partition.MemberEvent.CreateResults;
import dev.baton.partition.MemberEvent.Created;
import dev.baton.partition.MemberEvent.Deleted;
import dev.baton.partition.MemberEvent.Failed;
import dev.baton.partition.MemberEvent.NodeCheck;
import dev.baton.partition.MemberEvent.Taken;
import dev.baton.partition.MemberEvent.Tick;
import dev.baton.partition.MemberEvent.TickKind;
import dev.baton.recipes.RevocationReason;
import dev.baton.recipes.spi.ConnectionEpoch.Link;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The member machine's decisions, event by event, without a server. */
class MemberMachineTest {
  private static final long S1 = 0x11;
  private static final long S2 = 0x22;
  private final MachineScript m = new MachineScript("m");

  /** Starts in S1 owning partitions 0 and 1 (znodes of czxid 100 and 101). */
  private void owning01() {
    m.start(S1, assignment(1, "m", "m", "x"));
    assertThat(m.one(CreateOwnerNodes.class).partitions()).containsExactly(0, 1);
    m.on(
        new CreateResults(m.epoch(), 1, List.of(new Created(0, 100, S1), new Created(1, 101, S1))));
    assertThat(m.of(BeginTerm.class)).extracting(BeginTerm::partition).containsExactly(0, 1);
  }

  @Test
  void connectingJoinsReadsTheAssignmentAndTakesWhatIsAssignedHereByCreatingItsZnodes() {
    List<MemberAction> first = m.epoch(Link.CONNECTED, S1);
    assertThat(first) // a new session joins first: the assigner hears of it sooner
        .containsExactly(new Join(S1, java.util.Set.of(S1)), new ReadAssignment(1));
    m.on(new AssignmentRead(1, assignment(1, "m", "x", "m")));
    assertThat(m.last).isEmpty(); // not joined yet: nothing is taken
    m.on(new MemberEvent.Joined(S1, MemberEvent.JoinOutcome.JOINED));
    CreateOwnerNodes create = m.one(CreateOwnerNodes.class);
    assertThat(create.partitions()).containsExactly(0, 2);
    assertThat(create.session()).isEqualTo(S1);
    assertThat(create.ensureParents()).isFalse(); // the member's start made them

    m.on(new CreateResults(1, 1, List.of(new Created(0, 100, S1), new Created(2, 100, S1))));
    assertThat(m.one(CheckOwnerNodes.class).partitions()).containsExactly(0, 2); // watched
    assertThat(m.last.get(m.last.size() - 1))
        .isInstanceOf(CheckOwnerNodes.class); // after the terms began: the watch waits for no one
    assertThat(m.of(BeginTerm.class))
        .extracting(BeginTerm::partition, BeginTerm::czxid, BeginTerm::resumed)
        .containsExactly(
            org.assertj.core.groups.Tuple.tuple(0, 100L, false),
            org.assertj.core.groups.Tuple.tuple(2, 100L, false));
    assertThat(m.of(BeginTerm.class)).allSatisfy(b -> assertThat(b.handoffNanos()).isPositive());
  }

  @Test
  void aZnodeTheAnswerWatchesAlreadyIsNotCheckedAgain() {
    m.start(S1, assignment(1, "m", "m"));
    m.on(
        new CreateResults(
            1, 1, List.of(new Created(0, 100, S1), new Taken(1, S2)), java.util.Set.of(1)));
    assertThat(m.one(BeginTerm.class).partition()).isZero();
    assertThat(m.one(CheckOwnerNodes.class).partitions()).containsExactly(0); // 1 is watched
    m.on(new MemberEvent.OwnerNodeDeleted(1)); // the answer's watch on the znode waited for
    m.on(m.one(Schedule.class).event());
    assertThat(m.one(CreateOwnerNodes.class).partitions()).containsExactly(1);
  }

  /**
   * Simulation seed 20266285: a create answered after a suspension (in the same session) held a
   * znode it never verified in the new epoch, so no term began and, once the partition moved, the
   * znode was never deleted: its next owner waited forever.
   */
  @Test
  void aZnodeCreatedInAnEarlierEpochIsCheckedBeforeItsTermBegins() {
    m.start(S1, assignment(1, "m"));
    m.one(CreateOwnerNodes.class);
    m.epoch(Link.SUSPENDED, S1);
    m.epoch(Link.CONNECTED, S1);
    m.on(new AssignmentRead(m.epoch(), assignment(1, "m")));
    m.on(new CreateResults(1, 1, List.of(new Created(0, 100, S1)), java.util.Set.of(0)));
    assertThat(m.one(CheckOwnerNodes.class).partitions()).containsExactly(0);
    m.on(new Checked(m.epoch(), List.of(NodeCheck.exists(0, 100, S1))));
    assertThat(m.one(BeginTerm.class).partition()).isZero();
  }

  @Test
  void aDeletionReportedWhileTheCreateWasOnItsWayIsCheckedOnceItsAnswerIsIn() {
    m.start(S1, assignment(1, "m"));
    m.one(CreateOwnerNodes.class);
    m.on(new MemberEvent.OwnerNodeDeleted(0)); // of an earlier znode, or of the one found?
    assertThat(m.last).isEmpty();
    m.on(new CreateResults(1, 1, List.of(new Taken(0, S2)), java.util.Set.of(0)));
    assertThat(m.one(CheckOwnerNodes.class).partitions()).containsExactly(0);
    m.on(new Checked(1, List.of(NodeCheck.absent(0))));
    assertThat(m.one(CreateOwnerNodes.class).partitions()).containsExactly(0);
  }

  @Test
  void aCreateThatFindsNoParentMakesTheNextCreateEnsureThem() {
    m.start(S1, assignment(1, "m"));
    assertThat(m.one(CreateOwnerNodes.class).ensureParents()).isFalse();
    m.on(new CreateResults(1, 1, List.of(new Failed(0, false, true))));
    m.one(MemberAction.ScheduleRetry.class);
    m.on(new Tick(TickKind.RETRY));
    m.on(new Checked(1, List.of(NodeCheck.absent(0))));
    assertThat(m.one(CreateOwnerNodes.class).ensureParents()).isTrue();
  }

  @Test
  void aZnodeThatExistsIsWaitedForAndTakenOnlyOnceItIsDeleted() {
    m.start(S1, assignment(1, "m"));
    m.on(new CreateResults(1, 1, List.of(new Taken(0, S2))));
    assertThat(m.of(BeginTerm.class)).isEmpty();
    assertThat(m.one(CheckOwnerNodes.class).partitions()).containsExactly(0); // the wait's watch
    m.on(new Checked(1, List.of(NodeCheck.exists(0, 90, S2))));
    assertThat(m.last).isEmpty();
    m.on(new MemberEvent.AssignmentChanged());
    m.on(new AssignmentRead(1, assignment(2, "m")));
    assertThat(m.of(CreateOwnerNodes.class)).isEmpty(); // still waiting: no create while it exists

    m.on(new MemberEvent.OwnerNodeDeleted(0));
    Schedule tick = m.one(Schedule.class);
    assertThat(tick.event()).isEqualTo(new Tick(TickKind.TAKE));
    assertThat(tick.delayNanos()).isEqualTo(Takes.TAKE_WINDOW_NANOS);
    m.on(tick.event());
    assertThat(m.one(CreateOwnerNodes.class).partitions()).containsExactly(0);
  }

  @Test
  void partitionsMovingFromAMemberThatStaysAreWaitedForWithOneWatchPerOldOwner() {
    m.start(S1, assignment(1, "x", "x", "y", "m", "y", "x"));
    m.on(new CreateResults(1, 1, List.of(new Created(3, 100, S1))));
    m.on(new AssignmentRead(1, assignment(2, "m", "m", "m", "m", "y", "x"))); // x, y release first
    assertThat(m.of(CreateOwnerNodes.class)).isEmpty(); // no create bound to fail
    assertThat(m.one(CheckOwnerNodes.class).partitions()).containsExactlyInAnyOrder(0, 2);
    m.on(new Checked(1, List.of(NodeCheck.exists(0, 90, S2), NodeCheck.absent(2))));
    assertThat(m.one(CreateOwnerNodes.class).partitions()).containsExactly(2); // released already
    m.on(m.one(Schedule.class).event());
    assertThat(m.last).isEmpty();
    m.on(new MemberEvent.OwnerNodeDeleted(0)); // x released 0, and 1 with it
    m.on(m.one(Schedule.class).event());
    assertThat(m.one(CreateOwnerNodes.class).partitions()).containsExactly(0, 1);
    m.on(
        new CreateResults(
            1,
            2,
            List.of(new Created(0, 110, S1), new Taken(1, S2)),
            java.util.Set.of(1))); // 1 was still x's: waited for, watched by the answer's read
    assertThat(m.one(BeginTerm.class).czxid()).isEqualTo(110);
    m.on(new MemberEvent.OwnerNodeDeleted(1));
    m.on(m.one(Schedule.class).event());
    assertThat(m.one(CreateOwnerNodes.class).partitions()).containsExactly(1);

    m.on(new AssignmentRead(1, assignment(3, "m", "m", "m", "m", "m", "x"))); // y went, with 4
    assertThat(m.one(CreateOwnerNodes.class).partitions()).containsExactly(4);
    assertThat(m.of(CheckOwnerNodes.class)).isEmpty();
  }

  @Test
  void aLargeReleaseIsWatchedPartitionByPartition() {
    int n = Takes.SHARED_WATCH_MAX + 1;
    String[] before = new String[n + 1];
    String[] after = new String[n + 1];
    java.util.Arrays.fill(before, "x");
    java.util.Arrays.fill(after, "m");
    after[n] = "x"; // x stays, releasing the n others over several multis and flushes
    m.start(S1, assignment(1, before));
    m.on(new AssignmentRead(1, assignment(2, after)));
    assertThat(m.one(CheckOwnerNodes.class).partitions()).hasSize(n);
    assertThat(m.of(CreateOwnerNodes.class)).isEmpty();
  }

  @Test
  void theOthersAreTriedWhenThePartitionWatchedForThemGoesBackToItsOwner() {
    m.start(S1, assignment(1, "x", "x", "m", "x"));
    m.on(new AssignmentRead(1, assignment(2, "m", "m", "m", "x")));
    assertThat(m.one(CheckOwnerNodes.class).partitions()).containsExactly(0);
    m.on(new AssignmentRead(1, assignment(3, "x", "m", "m", "x"))); // x keeps 0, releases 1
    assertThat(m.one(CreateOwnerNodes.class).partitions()).containsExactly(1);
  }

  @Test
  void aZnodeOfAnEarlierSessionOfThisMemberIsLeftToExpireNeverDeleted() {
    m.start(S2, assignment(1, "m"));
    m.on(
        new CreateResults(
            1, 1, List.of(new Created(0, 80, S1)))); // a create retried onto S1 earlier
    assertThat(m.of(BeginTerm.class)).isEmpty();
    m.on(new Tick(TickKind.RETRY));
    m.on(new CreateResults(1, 1, List.of(new Taken(0, S1))));
    m.on(new Checked(1, List.of(NodeCheck.exists(0, 80, S1))));
    assertThat(m.all)
        .noneMatch(DeleteOwnerNodes.class::isInstance)
        .noneMatch(BeginTerm.class::isInstance);
  }

  @Test
  void aSuspendedConnectionRevokesAtOnceAndTheSameSessionResumesWithTheSameTokens() {
    owning01();
    m.epoch(Link.SUSPENDED, S1);
    assertThat(m.of(EndTerm.class))
        .extracting(EndTerm::reason)
        .containsOnly(RevocationReason.CONNECTION_SUSPENDED)
        .hasSize(2);
    m.epoch(Link.CONNECTED, S1);
    assertThat(m.last.get(0)).isEqualTo(new ReadAssignment(m.epoch())); // read first
    assertThat(m.one(CheckOwnerNodes.class).partitions()).containsExactly(0, 1);
    assertThat(m.of(Join.class)).isEmpty(); // still joined in this session
    m.on(
        new Checked(
            m.epoch(), List.of(NodeCheck.exists(0, 100, S1), NodeCheck.exists(1, 101, S1))));
    assertThat(m.of(BeginTerm.class)).isEmpty(); // not before the assignment is read again
    m.on(new AssignmentRead(m.epoch(), assignment(1, "m", "x", "x")));
    BeginTerm resumed = m.one(BeginTerm.class);
    assertThat(resumed.partition()).isZero();
    assertThat(resumed.czxid()).isEqualTo(100);
    assertThat(resumed.resumed()).isTrue();
    // 1 moved: released once the revoked callback of its suspended term returns (or times out)
    assertThat(m.one(Schedule.class).event()).isEqualTo(new MemberEvent.DrainTimeout(1, 2));
    m.on(new MemberEvent.Revoked(1, 2)); // the only drain: deleted at once
    assertThat(m.one(DeleteOwnerNodes.class).partitions()).containsExactly(1);
  }

  @Test
  void aConnectedEpochAfterASuspensionThatWasNeverHeardOfStillEndsAndResumesTheTerms() {
    owning01(); // the session's liveness may skip a superseded epoch: SUSPENDED never arrives
    m.epoch(Link.CONNECTED, S1);
    assertThat(m.of(EndTerm.class))
        .extracting(EndTerm::reason)
        .containsOnly(RevocationReason.CONNECTION_SUSPENDED)
        .hasSize(2);
    m.on(new AssignmentRead(m.epoch(), assignment(1, "m", "m")));
    m.on(
        new Checked(
            m.epoch(), List.of(NodeCheck.exists(0, 100, S1), NodeCheck.exists(1, 101, S1))));
    assertThat(m.of(BeginTerm.class)).extracting(BeginTerm::czxid).containsExactly(100L, 101L);
    assertThat(m.of(BeginTerm.class)).allMatch(BeginTerm::resumed);
  }

  @Test
  void aLostSessionEndsEveryTermForgetsItsZnodesAndJoinsAgainInTheNext() {
    owning01();
    m.epoch(Link.LOST, S1);
    assertThat(m.of(EndTerm.class))
        .extracting(EndTerm::reason)
        .containsOnly(RevocationReason.SESSION_LOST);
    assertThat(m.machine.held()).isEmpty();
    m.epoch(Link.CONNECTED, S2);
    assertThat(m.last)
        .containsExactly(new Join(S2, java.util.Set.of(S1, S2)), new ReadAssignment(m.epoch()));
    assertThat(m.all).noneMatch(DeleteOwnerNodes.class::isInstance);
  }

  @Test
  void aMovedPartitionIsRevokedThenDrainedThenItsZnodeDeletedInOneBatch() {
    owning01();
    m.on(new MemberEvent.AssignmentChanged());
    m.on(new AssignmentRead(1, assignment(2, "x", "x")));
    assertThat(m.of(EndTerm.class))
        .extracting(EndTerm::partition, EndTerm::reason)
        .containsExactly(
            org.assertj.core.groups.Tuple.tuple(0, RevocationReason.REASSIGNED),
            org.assertj.core.groups.Tuple.tuple(1, RevocationReason.REASSIGNED));
    assertThat(m.of(Schedule.class))
        .extracting(Schedule::delayNanos)
        .containsOnly(MachineScript.DRAIN);
    assertThat(m.of(DeleteOwnerNodes.class)).isEmpty();

    m.on(new MemberEvent.Revoked(0, 1));
    assertThat(m.of(DeleteOwnerNodes.class)).isEmpty(); // 1 still drains: within the window
    assertThat(m.one(Schedule.class).event()).isEqualTo(new Tick(TickKind.FLUSH));
    m.on(new MemberEvent.Revoked(1, 2)); // the last drain: both deleted at once
    DeleteOwnerNodes delete = m.one(DeleteOwnerNodes.class);
    assertThat(delete.partitions()).containsExactly(0, 1);
    assertThat(delete.session()).isEqualTo(S1);
    m.on(new Deleted(S1, List.of(0, 1), List.of()));
    assertThat(m.machine.held()).isEmpty();
  }

  @Test
  void aHangingRevokedCallbackIsReleasedAfterTheDrainTimeout() {
    owning01();
    m.on(new AssignmentRead(1, assignment(2, "m", "x")));
    Schedule drain = m.one(Schedule.class);
    m.on(drain.event());
    assertThat(m.one(MemberAction.DrainTimedOut.class).partition()).isEqualTo(1);
    assertThat(m.one(DeleteOwnerNodes.class).partitions()).containsExactly(1);
    m.on(new MemberEvent.Revoked(1, 2)); // returns later: nothing more
    assertThat(m.last).isEmpty();
  }

  @Test
  void aPartitionRemovedFromTheSetIsRevokedWithPartitionRemoved() {
    owning01();
    m.on(new AssignmentRead(1, assignment(2, "m")));
    assertThat(m.one(EndTerm.class).reason()).isEqualTo(RevocationReason.PARTITION_REMOVED);
  }

  @Test
  void itsZnodeDeletedBySomeoneElseRevokesWithNodeDeletedAndTakesItAgain() {
    owning01();
    m.on(new MemberEvent.OwnerNodeDeleted(1));
    assertThat(m.one(CheckOwnerNodes.class).partitions()).containsExactly(1);
    assertThat(m.of(EndTerm.class))
        .isEmpty(); // not before the check: it may be an earlier znode's event
    m.on(new Checked(1, List.of(NodeCheck.absent(1))));
    assertThat(m.one(EndTerm.class).reason()).isEqualTo(RevocationReason.NODE_DELETED);
    assertThat(m.one(CreateOwnerNodes.class).partitions()).containsExactly(1);
    assertThat(m.all).noneMatch(DeleteOwnerNodes.class::isInstance);
  }

  @Test
  void aDeleteWhoseAnswerWasLostIsRepeatedOnlyAfterTheZnodeIsSeenToBeStillOurs() {
    owning01();
    m.on(new AssignmentRead(1, assignment(2, "m", "x")));
    m.on(new MemberEvent.Revoked(1, 2));
    m.on(new Tick(TickKind.FLUSH));
    m.on(new Deleted(S1, List.of(), List.of(1)));
    MemberAction.ScheduleRetry retry = m.one(MemberAction.ScheduleRetry.class);
    assertThat(retry.attempt()).isEqualTo(1);
    m.on(new Tick(TickKind.FLUSH));
    assertThat(m.of(DeleteOwnerNodes.class)).isEmpty();
    m.on(new Tick(TickKind.RETRY));
    assertThat(m.of(DeleteOwnerNodes.class)).isEmpty();
    assertThat(m.one(CheckOwnerNodes.class).partitions()).contains(1);

    m.on(new Checked(1, List.of(NodeCheck.exists(1, 205, S2)))); // the next owner's znode now
    m.on(new Tick(TickKind.FLUSH));
    assertThat(m.all.stream().filter(DeleteOwnerNodes.class::isInstance)).hasSize(1); // never again
    assertThat(m.machine.held()).containsExactly(0);
  }

  @Test
  void aCreateWhoseAnswerWasLostIsCheckedAndItsZnodeAdopted() {
    m.start(S1, assignment(1, "m"));
    m.on(new CreateResults(1, 1, List.of(new Failed(0, true, false))));
    m.one(MemberAction.ScheduleRetry.class);
    m.on(new AssignmentRead(1, assignment(2, "x")));
    m.on(new Tick(TickKind.RETRY));
    assertThat(m.one(CheckOwnerNodes.class).partitions()).containsExactly(0);
    m.on(new Checked(1, List.of(NodeCheck.exists(0, 100, S1))));
    assertThat(m.of(BeginTerm.class)).isEmpty(); // not ours to own any more
    assertThat(m.one(DeleteOwnerNodes.class).partitions())
        .containsExactly(0); // released, not orphaned
  }

  @Test
  void closingLeavesRevokesWithClosedDrainsDeletesThenReportsReleased() {
    owning01();
    m.on(new MemberEvent.Close());
    assertThat(m.last.get(0)).isEqualTo(new Leave(S1));
    assertThat(m.of(EndTerm.class))
        .extracting(EndTerm::reason)
        .containsOnly(RevocationReason.CLOSED);
    m.on(new MemberEvent.Revoked(0, 1));
    m.on(new MemberEvent.Revoked(1, 2));
    m.on(new Tick(TickKind.FLUSH));
    m.on(new Deleted(S1, List.of(0, 1), List.of()));
    assertThat(m.last).contains(new MemberAction.Released());
  }

  @Test
  void closingWhileDisconnectedLeavesTheZnodesToTheSession() {
    owning01();
    m.epoch(Link.SUSPENDED, S1);
    m.on(new MemberEvent.Close());
    assertThat(m.last).containsExactly(new MemberAction.Released());
    assertThat(m.all).noneMatch(DeleteOwnerNodes.class::isInstance);
  }

  @Test
  void aDuplicateMemberIdTakesNothingUntilTheOtherZnodeGoes() {
    m.epoch(Link.CONNECTED, S1);
    m.on(new AssignmentRead(1, assignment(1, "m")));
    m.on(new MemberEvent.Joined(S1, MemberEvent.JoinOutcome.DUPLICATE));
    assertThat(m.machine.isDuplicate()).isTrue();
    assertThat(m.last).isEmpty();
    m.on(new MemberEvent.MemberNodeDeleted());
    assertThat(m.one(Join.class).session()).isEqualTo(S1);
    m.on(new MemberEvent.Joined(S1, MemberEvent.JoinOutcome.JOINED));
    assertThat(m.machine.isDuplicate()).isFalse();
    assertThat(m.one(CreateOwnerNodes.class).partitions()).containsExactly(0);
  }

  @Test
  void itsMemberZnodeDeletedMakesItJoinAgain() {
    owning01();
    m.on(new MemberEvent.MemberNodeDeleted());
    assertThat(m.one(MemberAction.Warn.class).message()).contains("member znode was deleted");
    assertThat(m.one(Join.class).session()).isEqualTo(S1);
  }

  @Test
  void anAnswerFromAnEarlierEpochIsNotTrusted() {
    m.epoch(Link.CONNECTED, S1);
    m.epoch(Link.SUSPENDED, S1);
    m.epoch(Link.CONNECTED, S1);
    m.on(new AssignmentRead(1, assignment(1, "m")));
    assertThat(m.machine.generation()).isZero();
    m.on(new AssignmentRead(m.epoch(), assignment(1, "m")));
    assertThat(m.machine.generation()).isEqualTo(1);
  }

  @Test
  void afterShutdownNothingHappens() {
    owning01();
    m.on(new MemberEvent.Shutdown());
    assertThat(m.of(EndTerm.class))
        .extracting(EndTerm::reason)
        .containsOnly(RevocationReason.CLOSED);
    m.on(new MemberEvent.AssignmentChanged());
    assertThat(m.last).isEmpty();
    assertThat(m.machine.isStopped()).isTrue();
  }
}
