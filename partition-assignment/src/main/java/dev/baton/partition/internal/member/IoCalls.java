// SPDX-License-Identifier: Apache-2.0
package dev.baton.partition.internal.member;

import dev.baton.partition.internal.member.MemberAction.CheckOwnerNodes;
import dev.baton.partition.internal.member.MemberAction.CreateOwnerNodes;
import dev.baton.partition.internal.member.MemberAction.DeleteOwnerNodes;
import dev.baton.partition.internal.member.MemberEvent.Checked;
import dev.baton.partition.internal.member.MemberEvent.CreateResults;
import dev.baton.partition.internal.member.MemberEvent.Deleted;
import dev.baton.partition.internal.member.MemberEvent.Failed;
import dev.baton.partition.internal.member.MemberEvent.NodeCheck;
import dev.baton.partition.internal.member.MemberEvent.Take;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * Turns a blocking call of an adapter into the machine's answer, whatever happens: an interrupt
 * restores the thread's flag (the loop is being stopped) and answers "failed" for every partition,
 * so the machine never waits for an answer that will not come. Pure glue; any thread.
 */
final class IoCalls {
  /** A blocking call that may be interrupted. */
  @FunctionalInterface
  interface Blocking<T> {
    T call() throws InterruptedException;
  }

  private IoCalls() {}

  static <T> T interruptible(Blocking<T> io, T onInterrupt) {
    try {
      return io.call();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return onInterrupt;
    }
  }

  static CreateResults create(CreateOwnerNodes c, Blocking<OwnerNodes.Outcome> io) {
    List<Take> failed = new ArrayList<>();
    c.partitions().forEach(p -> failed.add(new Failed(p, true, false)));
    OwnerNodes.Outcome outcome = interruptible(io, new OwnerNodes.Outcome(failed, Set.of()));
    return new CreateResults(c.epoch(), c.generation(), outcome.takes(), outcome.watched());
  }

  static Deleted delete(DeleteOwnerNodes d, Blocking<List<Integer>> io) {
    List<Integer> gone = interruptible(io, List.of());
    List<Integer> failed = new ArrayList<>(d.partitions());
    failed.removeAll(gone);
    return new Deleted(d.session(), gone, failed);
  }

  static Checked check(CheckOwnerNodes c, Blocking<List<NodeCheck>> io) {
    List<NodeCheck> failed = new ArrayList<>();
    c.partitions().forEach(p -> failed.add(NodeCheck.failed(p)));
    return new Checked(c.epoch(), interruptible(io, failed));
  }
}
