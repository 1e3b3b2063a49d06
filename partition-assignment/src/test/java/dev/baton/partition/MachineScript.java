// SPDX-License-Identifier: Apache-2.0
package dev.baton.partition;

import dev.baton.recipes.spi.ConnectionEpoch;
import dev.baton.recipes.spi.ConnectionEpoch.Link;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.IntStream;

/** Drives one {@link MemberMachine} event by event in a unit test, with a virtual clock. */
final class MachineScript {
  static final long DRAIN = 10_000_000_000L;
  final MemberMachine machine;
  long now = 1_000;
  long epochs;
  List<MemberAction> last = List.of();
  final List<MemberAction> all = new ArrayList<>();

  MachineScript(String me) {
    this.machine = new MemberMachine(me, DRAIN);
  }

  List<MemberAction> on(MemberEvent e) {
    now += 1_000_000;
    last = machine.on(e, now);
    all.addAll(last);
    return last;
  }

  List<MemberAction> epoch(Link link, long session) {
    return on(new MemberEvent.Epoch(new ConnectionEpoch(++epochs, link, session)));
  }

  long epoch() {
    return epochs;
  }

  /** Connects in {@code session}, joins and reads {@code assignment}: the usual start. */
  void start(long session, AssignmentRecord assignment) {
    epoch(Link.CONNECTED, session);
    on(new MemberEvent.AssignmentRead(epochs, assignment));
    on(new MemberEvent.Joined(session, MemberEvent.JoinOutcome.JOINED));
  }

  <T extends MemberAction> List<T> of(Class<T> type) {
    return last.stream().filter(type::isInstance).map(type::cast).toList();
  }

  <T extends MemberAction> T one(Class<T> type) {
    List<T> found = of(type);
    if (found.size() != 1) {
      throw new AssertionError("expected one " + type.getSimpleName() + " in " + last);
    }
    return found.get(0);
  }

  /**
   * An assignment of generation {@code gen}: partitions 0..n-1, {@code owners[i]} owns partition i.
   */
  static AssignmentRecord assignment(long gen, String... owners) {
    Map<Integer, String> map = new TreeMap<>();
    for (int i = 0; i < owners.length; i++) {
      if (owners[i] != null) {
        map.put(i, owners[i]);
      }
    }
    return new AssignmentRecord(
        gen,
        "a",
        1,
        new TreeSet<>(IntStream.range(0, owners.length).boxed().toList()),
        new TreeMap<>(map));
  }
}
