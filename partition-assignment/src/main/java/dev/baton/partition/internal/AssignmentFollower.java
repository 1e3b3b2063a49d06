package dev.baton.partition.internal;

import dev.baton.partition.MalformedRecordException;
import dev.baton.partition.internal.record.AssignmentRecord;
import org.apache.curator.framework.CuratorFramework;
import org.apache.zookeeper.KeeperException;
import org.apache.zookeeper.Watcher;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The published assignment as a member follows it: a watched read of the assignment znode, redone (by
 * the loop, through {@code onChange}) whenever it changes. A malformed record is ignored and the previous
 * one kept; a failed read leaves the assignment stale until a retry reads it again. Confined to the
 * ownership loop.
 */
final class AssignmentFollower {
  /** Logs as the ownership loop, whose part this is. */
  private static final Logger log = LoggerFactory.getLogger(OwnershipLoop.class);

  private final CuratorFramework client;
  private final GroupPaths paths;
  private final String me;
  private final GroupMetrics metrics;
  private final Runnable scheduleRetry;
  private final Watcher watcher;

  private AssignmentRecord assignment;
  private boolean stale;

  /**
   * @param onChange run on the loop when the assignment znode changes
   * @param scheduleRetry asks the loop for a retry after a failed read
   */
  AssignmentFollower(CuratorFramework client, GroupPaths paths, String me, GroupMetrics metrics,
      LoopThread loop, Runnable onChange, Runnable scheduleRetry) {
    this.client = client;
    this.paths = paths;
    this.me = me;
    this.metrics = metrics;
    this.scheduleRetry = scheduleRetry;
    this.watcher = e -> {
      if (e.getType() != Watcher.Event.EventType.None) {
        loop.execute(onChange);
      }
    };
  }

  /** The last assignment read, or null if none was read yet. */
  AssignmentRecord current() {
    return assignment;
  }

  long generation() {
    AssignmentRecord a = assignment;
    return a == null ? 0 : a.generation();
  }

  /** Whether the last read failed (and the retry should read again). */
  boolean isStale() {
    return stale;
  }

  boolean isAssignedToMe(int p) {
    return assignment != null && me.equals(assignment.owners().get(p));
  }

  /**
   * Reads the assignment and watches it; if there is none yet, watches for its creation. The caller
   * checks that the loop is connected and not closing.
   */
  void read() {
    try {
      byte[] data = client.getData().usingWatcher(watcher).forPath(paths.assignment());
      stale = false;
      try {
        assignment = AssignmentRecord.decode(paths.assignment(), data);
      } catch (MalformedRecordException bad) {
        metrics.malformedRecord();
        log.error("member {}: ignoring the assignment, keeping generation {}: {}", me, generation(),
            bad.getMessage());
      }
    } catch (KeeperException.NoNodeException e) {
      try {
        if (client.checkExists().usingWatcher(watcher).forPath(paths.assignment()) != null) {
          read();
        }
      } catch (Exception ex) {
        log.warn("member {}: cannot watch the assignment: {}", me, ex.toString());
      }
    } catch (Exception e) {
      log.warn("member {}: cannot read the assignment; retrying: {}", me, e.toString());
      stale = true;
      scheduleRetry.run();
    }
  }
}
