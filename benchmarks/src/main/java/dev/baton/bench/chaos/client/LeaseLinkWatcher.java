// SPDX-License-Identifier: Apache-2.0
package dev.baton.bench.chaos.client;

import dev.baton.recipes.election.LeaderElection;

/**
 * The lease backend's stand-in for ZooKeeper's connection states: a daemon thread reads the
 * election's {@link dev.baton.recipes.election.ElectionHealth#connected()} every {@value #POLL_MS}
 * ms (false once a statement of the lease's renewal loop failed, true again once one was answered)
 * and prints each change as {@code CONNECTION state=SUSPENDED store=lease} or {@code CONNECTION
 * state=RECONNECTED store=lease}, so that the harness sees a cut lease link as it sees a dropped
 * ZooKeeper connection. A statement hanging on a silenced link (no network timeout, as on H2) is
 * not a failure until it ends; the term ends by its own clock meanwhile.
 */
final class LeaseLinkWatcher {
  static final long POLL_MS = 10;

  private final LeaderElection election;
  private final EventOut out;
  private final Thread thread;
  private volatile boolean stopped;

  LeaseLinkWatcher(LeaderElection election, EventOut out) {
    this.election = election;
    this.out = out;
    this.thread = new Thread(this::watch, "chaos-lease-link");
    thread.setDaemon(true);
  }

  void start() {
    thread.start();
  }

  private void watch() {
    boolean connected = true; // as a ZooKeeper client, report changes only
    while (!stopped) {
      boolean now = election.health().connected();
      if (now != connected) {
        connected = now;
        out.event("CONNECTION", "state", now ? "RECONNECTED" : "SUSPENDED", "store", "lease");
      }
      ProtectedWriter.sleepQuietly(POLL_MS);
      if (Thread.currentThread().isInterrupted()) {
        return;
      }
    }
  }

  void stop() {
    stopped = true;
  }
}
