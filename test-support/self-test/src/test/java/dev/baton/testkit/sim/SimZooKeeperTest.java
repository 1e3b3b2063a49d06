// SPDX-License-Identifier: Apache-2.0
package dev.baton.testkit.sim;

import static org.assertj.core.api.Assertions.assertThat;

import dev.baton.testkit.sim.SimZooKeeper.Code;
import dev.baton.testkit.sim.SimZooKeeper.Event;
import dev.baton.testkit.sim.SimZooKeeper.EventType;
import dev.baton.testkit.sim.SimZooKeeper.Fault;
import dev.baton.testkit.sim.SimZooKeeper.Mode;
import dev.baton.testkit.sim.SimZooKeeper.Stat;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class SimZooKeeperTest {
  private SimZooKeeper zk;
  private long a;
  private long b;

  @BeforeEach
  void setUp() {
    zk = new SimZooKeeper();
    a = zk.createSession();
    b = zk.createSession();
    drain(a);
    drain(b);
    assertThat(zk.create(a, "/e", null, Mode.PERSISTENT).ok()).isTrue();
  }

  @Test
  void sequentialNamesArePrintedLikeZooKeeper() {
    String first = zk.create(a, "/e/n_", null, Mode.EPHEMERAL_SEQUENTIAL).get().path();
    String second = zk.create(b, "/e/n_", null, Mode.EPHEMERAL_SEQUENTIAL).get().path();
    assertThat(first).isEqualTo("/e/n_0000000000");
    assertThat(second).isEqualTo("/e/n_0000000001");
    // Deletes bump the parent's cversion too, so sequences leave gaps.
    zk.delete(a, first, -1);
    assertThat(zk.create(a, "/e/n_", null, Mode.EPHEMERAL_SEQUENTIAL).get().path())
        .isEqualTo("/e/n_0000000003");
  }

  @Test
  void theSequenceWrapsToNegativeAfterIntegerMax() {
    zk.setCversion("/e", Integer.MAX_VALUE - 1);
    List<String> names = new ArrayList<>();
    for (int i = 0; i < 4; i++) {
      names.add(zk.create(a, "/e/n_", null, Mode.EPHEMERAL_SEQUENTIAL).get().path());
    }
    assertThat(names)
        .containsExactly(
            "/e/n_2147483646", "/e/n_2147483647", "/e/n_-2147483648", "/e/n_-2147483647");
    assertThat(SimZooKeeper.sequenceSuffix(-5)).isEqualTo("-000000005");
    assertThat(SimZooKeeper.sequenceSuffix(7)).isEqualTo("0000000007");
    for (int v :
        new int[] {
          0,
          1,
          -1,
          999_999_999,
          1_000_000_000,
          -999_999_999,
          -1_000_000_000,
          Integer.MAX_VALUE,
          Integer.MIN_VALUE,
          Integer.MIN_VALUE + 1
        }) {
      assertThat(SimZooKeeper.sequenceSuffix(v))
          .isEqualTo(String.format(java.util.Locale.ROOT, "%010d", v));
    }
  }

  @Test
  void everyWriteTakesTheNextZxidAndCzxidsRise() {
    long before = zk.zxid();
    Stat s1 = zk.create(a, "/e/x", null, Mode.PERSISTENT).get().stat();
    Stat s2 = zk.create(b, "/e/y", null, Mode.EPHEMERAL).get().stat();
    assertThat(s1.czxid()).isEqualTo(before + 1);
    assertThat(s2.czxid()).isEqualTo(before + 2);
    zk.setData(a, "/e/x", new byte[] {1}, -1, Fault.NONE);
    assertThat(zk.stat("/e/x").orElseThrow().mzxid()).isEqualTo(before + 3);
    assertThat(zk.stat("/e/x").orElseThrow().czxid()).isEqualTo(before + 1);
    assertThat(zk.stat("/e").orElseThrow().pzxid()).isEqualTo(before + 2);
    // Reads take no zxid.
    zk.exists(a, "/e/x", true);
    zk.getChildren(a, "/e", true);
    assertThat(zk.zxid()).isEqualTo(before + 3);
    // Session events do.
    zk.createSession();
    assertThat(zk.zxid()).isEqualTo(before + 4);
  }

  @Test
  void expiryDeletesTheSessionsEphemeralsAndFiresOtherSessionsWatches() {
    String mine = zk.create(a, "/e/n_", null, Mode.EPHEMERAL_SEQUENTIAL).get().path();
    zk.create(a, "/e/p", null, Mode.PERSISTENT);
    String theirs = zk.create(b, "/e/n_", null, Mode.EPHEMERAL_SEQUENTIAL).get().path();
    zk.exists(b, mine, true);
    zk.getChildren(b, "/e", true);
    zk.exists(a, theirs, true);

    assertThat(zk.expire(a)).isTrue();

    assertThat(zk.stat(mine)).isEmpty();
    assertThat(zk.stat("/e/p")).isPresent();
    assertThat(zk.children("/e")).containsExactlyInAnyOrder("p", theirs.substring(3));
    assertThat(zk.ephemeralsOf(a)).isEmpty();
    assertThat(zk.isAlive(a)).isFalse();
    assertThat(drain(b))
        .extracting(Event::type, Event::path)
        .containsExactly(
            org.assertj.core.groups.Tuple.tuple(EventType.NODE_DELETED, mine),
            org.assertj.core.groups.Tuple.tuple(EventType.NODE_CHILDREN_CHANGED, "/e"));
    // The expired client hears that its link dropped, and of the expiry once it reconnects; its
    // own watch (on b's node) is gone with the session.
    assertThat(drain(a)).extracting(Event::type).containsExactly(EventType.DISCONNECTED);
    assertThat(zk.create(a, "/e/z", null, Mode.PERSISTENT).code()).isEqualTo(Code.CONNECTIONLOSS);
    assertThat(zk.reconnect(a)).isFalse();
    assertThat(drain(a)).extracting(Event::type).containsExactly(EventType.EXPIRED);
    assertThat(zk.create(a, "/e/z", null, Mode.PERSISTENT).code()).isEqualTo(Code.SESSIONEXPIRED);
    zk.delete(b, theirs, -1);
    assertThat(drain(a)).isEmpty();
  }

  @Test
  void aWatchFiresOnceAndOnlyOncePerChange() {
    zk.create(a, "/e/x", null, Mode.PERSISTENT);
    zk.exists(b, "/e/x", true);
    zk.exists(b, "/e/x", true); // set twice: still one event
    zk.setData(a, "/e/x", new byte[] {1}, -1, Fault.NONE);
    zk.setData(a, "/e/x", new byte[] {2}, -1, Fault.NONE); // the watch is spent
    assertThat(drain(b)).extracting(Event::type).containsExactly(EventType.NODE_DATA_CHANGED);

    zk.getData(b, "/e/x", true, Fault.NONE);
    zk.getChildren(b, "/e/x", true);
    zk.delete(a, "/e/x", -1); // a data and a child watch on the deleted node: one event
    assertThat(drain(b)).extracting(Event::type).containsExactly(EventType.NODE_DELETED);

    zk.exists(b, "/e/x", true); // exists on a missing node watches for its creation
    zk.getData(b, "/e/y", true, Fault.NONE); // getData on a missing node sets no watch
    assertThat(zk.getData(b, "/e/y", true, Fault.NONE).code()).isEqualTo(Code.NONODE);
    zk.create(a, "/e/x", null, Mode.PERSISTENT);
    zk.create(a, "/e/y", null, Mode.PERSISTENT);
    assertThat(drain(b))
        .extracting(Event::type, Event::path)
        .containsExactly(org.assertj.core.groups.Tuple.tuple(EventType.NODE_CREATED, "/e/x"));
  }

  @Test
  void aSessionsEventsAreDeliveredInOrderAndOnlyWhenPolled() {
    zk.create(a, "/e/x", null, Mode.PERSISTENT);
    zk.create(a, "/e/y", null, Mode.PERSISTENT);
    zk.exists(b, "/e/x", true);
    zk.exists(b, "/e/y", true);
    zk.getChildren(a, "/e", true);
    zk.delete(a, "/e/y", -1);
    zk.delete(a, "/e/x", -1);
    assertThat(zk.sessionsWithEvents()).containsExactly(a, b);
    assertThat(zk.pending(b)).isEqualTo(2);
    assertThat(drain(b)).extracting(Event::path).containsExactly("/e/y", "/e/x");
    assertThat(drain(a)).extracting(Event::type).containsExactly(EventType.NODE_CHILDREN_CHANGED);
  }

  @Test
  void connectionLossBeforeTheServerChangesNothing() {
    long zxid = zk.zxid();
    var r = zk.create(a, "/e/n_", null, Mode.EPHEMERAL_SEQUENTIAL, Fault.LOSS_BEFORE);
    assertThat(r.code()).isEqualTo(Code.CONNECTIONLOSS);
    assertThat(zk.zxid()).isEqualTo(zxid);
    assertThat(zk.children("/e")).isEmpty();
    assertThat(zk.isLinkUp(a)).isFalse();
    assertThat(drain(a)).extracting(Event::type).containsExactly(EventType.DISCONNECTED);
    // Down until reconnected; the session lives.
    assertThat(zk.exists(a, "/e", false).code()).isEqualTo(Code.CONNECTIONLOSS);
    assertThat(zk.reconnect(a)).isTrue();
    assertThat(drain(a)).extracting(Event::type).containsExactly(EventType.SYNC_CONNECTED);
    assertThat(zk.exists(a, "/e", false).ok()).isTrue();
  }

  @Test
  void connectionLossAfterTheServerKeepsTheEffectAndLosesTheAnswer() {
    var r = zk.create(a, "/e/n_", null, Mode.EPHEMERAL_SEQUENTIAL, Fault.LOSS_AFTER);
    assertThat(r.code()).isEqualTo(Code.CONNECTIONLOSS);
    assertThat(zk.children("/e")).containsExactly("n_0000000000");
    assertThat(zk.stat("/e/n_0000000000").orElseThrow().ephemeralOwner()).isEqualTo(a);
    assertThat(zk.isLinkUp(a)).isFalse();

    // A read cut after the server answered sets no watch: the client never registered one.
    zk.reconnect(a);
    zk.exists(a, "/e/n_0000000000", true, Fault.LOSS_AFTER);
    zk.reconnect(a);
    drain(a);
    zk.delete(b, "/e/n_0000000000", -1);
    assertThat(drain(a)).isEmpty();
  }

  @Test
  void eventsOfADisconnectedSessionWaitForItsReconnect() {
    zk.create(a, "/e/x", null, Mode.PERSISTENT);
    zk.exists(b, "/e/x", true);
    zk.disconnect(b);
    zk.delete(a, "/e/x", -1);
    assertThat(drain(b)).extracting(Event::type).containsExactly(EventType.DISCONNECTED);
    zk.reconnect(b);
    assertThat(drain(b))
        .extracting(Event::type)
        .containsExactly(EventType.SYNC_CONNECTED, EventType.NODE_DELETED);
  }

  @Test
  void aSessionExpiredWhileDisconnectedLosesItsHeldEvents() {
    zk.create(a, "/e/x", null, Mode.PERSISTENT);
    zk.exists(b, "/e/x", true);
    String eph = zk.create(b, "/e/n_", null, Mode.EPHEMERAL_SEQUENTIAL).get().path();
    zk.disconnect(b);
    zk.delete(a, "/e/x", -1);
    // Still on the server while the client is away: another client can see it.
    assertThat(zk.stat(eph)).isPresent();
    zk.expire(b);
    assertThat(zk.stat(eph)).isEmpty();
    zk.reconnect(b);
    assertThat(drain(b))
        .extracting(Event::type)
        .containsExactly(EventType.DISCONNECTED, EventType.EXPIRED);
  }

  @Test
  void closingDeletesEphemeralsAtOnceOnlyIfTheServerHearsIt() {
    String ea = zk.create(a, "/e/a", null, Mode.EPHEMERAL).get().path();
    String eb = zk.create(b, "/e/b", null, Mode.EPHEMERAL).get().path();
    assertThat(zk.close(a)).isTrue();
    assertThat(zk.stat(ea)).isEmpty();
    zk.disconnect(b);
    assertThat(zk.close(b)).isFalse();
    assertThat(zk.stat(eb)).isPresent(); // until the server expires the session
    zk.expire(b);
    assertThat(zk.stat(eb)).isEmpty();
  }

  @Test
  void noChildrenUnderAnEphemeralAndNoDeleteOfAParentWithChildren() {
    zk.create(a, "/e/eph", null, Mode.EPHEMERAL);
    assertThat(zk.create(a, "/e/eph/c", null, Mode.PERSISTENT).code())
        .isEqualTo(Code.NOCHILDRENFOREPHEMERALS);
    assertThat(zk.create(a, "/nope/c", null, Mode.PERSISTENT).code()).isEqualTo(Code.NONODE);
    assertThat(zk.create(a, "/e/eph", null, Mode.PERSISTENT).code()).isEqualTo(Code.NODEEXISTS);
    assertThat(zk.delete(a, "/e", -1).code()).isEqualTo(Code.NOTEMPTY);
    assertThat(zk.delete(a, "/e/eph", 3).code()).isEqualTo(Code.BADVERSION);
  }

  private List<Event> drain(long session) {
    List<Event> out = new ArrayList<>();
    for (Event e; (e = zk.poll(session)) != null; ) {
      out.add(e);
    }
    return out;
  }
}
