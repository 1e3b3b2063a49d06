// SPDX-License-Identifier: Apache-2.0
package dev.baton.bench.assignment;

import dev.baton.bench.contender.HandoverQueue;
import dev.baton.partition.GroupAdmin;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.curator.framework.CuratorFramework;
import org.apache.zookeeper.KeeperException;
import org.apache.zookeeper.Watcher;

/**
 * The group's published assignment as an outside observer sees it: one watched {@code getData} of
 * the group's {@code assignment} znode per generation, on the observer's own session, decoded with
 * the public {@link GroupAdmin#decodeAssignment} (no second parser, no internal class).
 */
final class PublishedAssignment implements AutoCloseable {
  /** One generation as received: partition to member, and each member's partitions. */
  record Snapshot(
      long generation,
      Map<Integer, String> owners,
      Map<String, Set<Integer>> byMember,
      long receivedNanos) {}

  private final CuratorFramework client;
  private final String path;
  private final Runnable onChange;
  private final ScheduledExecutorService reader;
  private final Watcher watcher =
      e -> {
        if (e.getType() != Watcher.Event.EventType.None) {
          schedule(0);
        }
      };

  /** Arrival time (nanoTime) of every generation this observer received. */
  private final Map<Long, Long> arrivals = new ConcurrentHashMap<>();

  private final AtomicLong readFailures = new AtomicLong();
  private volatile Snapshot current;
  private volatile boolean closed;

  /**
   * Starts watching {@code group}'s assignment.
   *
   * @param onChange run (on the observer's thread) after each new generation was received
   */
  PublishedAssignment(CuratorFramework client, String group, Runnable onChange) {
    this.client = client;
    this.path = GroupAdmin.assignmentPath(group);
    this.onChange = onChange;
    this.reader =
        Executors.newSingleThreadScheduledExecutor(
            HandoverQueue.daemon("handoff-assignment-observer"));
    schedule(0);
  }

  /** The newest generation received, or null before the first. */
  Snapshot current() {
    return current;
  }

  /**
   * When the observer received the first generation after {@code generation}, or -1 if it has not
   * received any (several publications close together can reach it as one read of the newest).
   */
  long firstArrivalAfter(long generation) {
    return arrivals.entrySet().stream()
        .filter(e -> e.getKey() > generation)
        .min(Map.Entry.comparingByKey())
        .map(Map.Entry::getValue)
        .orElse(-1L);
  }

  long readFailures() {
    return readFailures.get();
  }

  private void schedule(long delayMs) {
    if (closed) {
      return;
    }
    try {
      reader.schedule(this::read, delayMs, TimeUnit.MILLISECONDS);
    } catch (RejectedExecutionException e) {
      // closed meanwhile
    }
  }

  private void read() {
    if (closed) {
      return;
    }
    try {
      byte[] data = client.getData().usingWatcher(watcher).forPath(path);
      long now = System.nanoTime();
      GroupAdmin.Assignment record = GroupAdmin.decodeAssignment(path, data);
      Snapshot previous = current;
      if (previous != null && record.generation() <= previous.generation()) {
        return;
      }
      Map<String, Set<Integer>> byMember = new HashMap<>();
      record
          .assignedTo()
          .forEach((p, m) -> byMember.computeIfAbsent(m, k -> new HashSet<>()).add(p));
      byMember.replaceAll((m, ps) -> Collections.unmodifiableSet(ps));
      arrivals.putIfAbsent(record.generation(), now);
      current =
          new Snapshot(
              record.generation(), record.assignedTo(), Collections.unmodifiableMap(byMember), now);
      onChange.run();
    } catch (KeeperException.NoNodeException e) {
      try {
        if (client.checkExists().usingWatcher(watcher).forPath(path) != null) {
          schedule(0); // created between the two calls
        }
      } catch (Exception ex) {
        retry();
      }
    } catch (Exception e) {
      retry();
    }
  }

  private void retry() {
    if (!closed) {
      readFailures.incrementAndGet();
      schedule(20);
    }
  }

  @Override
  public void close() {
    closed = true;
    reader.shutdownNow();
  }
}
