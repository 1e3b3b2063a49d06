// SPDX-License-Identifier: Apache-2.0
package dev.baton.bench.chaos.client;

import dev.baton.recipes.backend.Backend;
import dev.baton.recipes.election.LeaderElection;
import dev.baton.recipes.lease.LeaseBackend;

/**
 * The lease backend's connection states: polls {@link
 * dev.baton.recipes.election.ElectionHealth#connected()} every {@value #POLL_MS} ms and prints each
 * change as {@code CONNECTION state=SUSPENDED|RECONNECTED store=lease}. Idle on ZooKeeper.
 */
final class LeaseLinkWatcher {
  static final long POLL_MS = 10;

  private final boolean lease;
  private final LeaderElection election;
  private final EventOut out;
  private final Thread thread;
  private volatile boolean stopped;

  LeaseLinkWatcher(Backend on, LeaderElection election, EventOut out) {
    this.lease = on instanceof LeaseBackend;
    this.election = election;
    this.out = out;
    this.thread = new Thread(this::watch, "chaos-lease-link");
    thread.setDaemon(true);
  }

  void start() {
    if (lease) {
      thread.start();
    }
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
