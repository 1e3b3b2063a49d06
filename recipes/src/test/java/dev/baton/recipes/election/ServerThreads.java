// SPDX-License-Identifier: Apache-2.0
package dev.baton.recipes.election;

import java.util.concurrent.Callable;
import java.util.concurrent.atomic.AtomicReference;

/**
 * Starts in-process ZooKeeper servers on threads of their own thread group, so that a thread of a
 * server (which inherits the group of the thread that created it) can be told from any other: the
 * servers' deaths are faults a test injects, every other thread's death is a failure.
 */
final class ServerThreads {
  private static final ThreadGroup SERVERS = new ThreadGroup("in-process-zookeeper-servers");

  private ServerThreads() {}

  /**
   * Runs {@code action} (a server start, restart or kill) on a new thread of the servers' group.
   */
  static <T> T call(Callable<T> action) throws Exception {
    AtomicReference<T> result = new AtomicReference<>();
    AtomicReference<Exception> failure = new AtomicReference<>();
    Thread t =
        new Thread(
            SERVERS,
            () -> {
              try {
                result.set(action.call());
              } catch (Exception e) {
                failure.set(e);
              }
            },
            "in-process-zookeeper-control");
    t.start();
    t.join();
    if (failure.get() != null) {
      throw failure.get();
    }
    return result.get();
  }

  /** Whether the calling thread belongs to an in-process server (or to a thread it started). */
  static boolean onServerThread() {
    ThreadGroup group = Thread.currentThread().getThreadGroup();
    return group != null && SERVERS.parentOf(group);
  }
}
