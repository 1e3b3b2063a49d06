// SPDX-License-Identifier: Apache-2.0
package dev.baton.testkit;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.framework.state.ConnectionState;
import org.apache.curator.framework.state.ConnectionStateListener;
import org.awaitility.Awaitility;

/** Records the connection states a Curator client goes through, with the time of each. */
final class StateLog implements ConnectionStateListener {
  /** One state change. */
  record Change(ConnectionState state, long nanos) {}

  private final List<Change> changes = new CopyOnWriteArrayList<>();

  static StateLog attach(CuratorFramework client) {
    StateLog log = new StateLog();
    client.getConnectionStateListenable().addListener(log);
    return log;
  }

  @Override
  public void stateChanged(CuratorFramework client, ConnectionState newState) {
    changes.add(new Change(newState, System.nanoTime()));
  }

  /** The changes, with milliseconds since the first one, for assertion messages. */
  @Override
  public String toString() {
    long origin = changes.isEmpty() ? 0 : changes.get(0).nanos();
    return changes.stream()
        .map(c -> c.state() + "@" + (c.nanos() - origin) / 1_000_000 + "ms")
        .toList()
        .toString();
  }

  List<ConnectionState> states() {
    return changes.stream().map(Change::state).toList();
  }

  boolean saw(ConnectionState state) {
    return states().contains(state);
  }

  /** Waits for {@code state}, returns when it came first ({@link System#nanoTime()}). */
  long await(ConnectionState state, Duration within) {
    Awaitility.await().atMost(within).until(() -> saw(state));
    return changes.stream().filter(c -> c.state() == state).findFirst().orElseThrow().nanos();
  }

  /** Waits for {@code state} to come after {@code afterNanos}. */
  void awaitAfter(ConnectionState state, long afterNanos, Duration within) {
    Awaitility.await()
        .atMost(within)
        .until(() -> changes.stream().anyMatch(c -> c.state() == state && c.nanos() > afterNanos));
  }
}
