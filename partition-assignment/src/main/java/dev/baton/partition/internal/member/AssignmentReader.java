// SPDX-License-Identifier: Apache-2.0
package dev.baton.partition.internal.member;

import dev.baton.partition.MalformedRecordException;
import dev.baton.partition.internal.GroupMetrics;
import dev.baton.partition.internal.GroupPaths;
import dev.baton.partition.internal.record.AssignmentRecord;
import org.apache.curator.framework.CuratorFramework;
import org.apache.zookeeper.KeeperException;
import org.apache.zookeeper.Watcher;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Reads the published assignment as a member follows it: a watched read of the assignment znode,
 * or, while there is none, a watch for its creation. A malformed record is logged, counted and
 * reported as none (the machine keeps its last good one). Blocking; called on the member's loop.
 */
final class AssignmentReader {
  private static final Logger log = LoggerFactory.getLogger(AssignmentReader.class);

  /** What a read found. */
  sealed interface Result {}

  /** The assignment, or null when there is none yet or it is malformed. */
  record Found(@Nullable AssignmentRecord record) implements Result {}

  /** The read failed; retry. */
  record ReadFailed(Exception cause) implements Result {}

  private final CuratorFramework client;
  private final GroupPaths paths;
  private final String me;
  private final GroupMetrics metrics;

  AssignmentReader(CuratorFramework client, GroupPaths paths, String me, GroupMetrics metrics) {
    this.client = client;
    this.paths = paths;
    this.me = me;
    this.metrics = metrics;
  }

  Result read(Watcher watcher) throws InterruptedException {
    try {
      byte[] data = client.getData().usingWatcher(watcher).forPath(paths.assignment());
      try {
        return new Found(AssignmentRecord.decode(paths.assignment(), data));
      } catch (MalformedRecordException bad) {
        metrics.malformedRecord();
        log.error(
            "member {}: ignoring the assignment, keeping the last good one: {}",
            me,
            bad.getMessage());
        return new Found(null);
      }
    } catch (KeeperException.NoNodeException e) {
      try {
        if (client.checkExists().usingWatcher(watcher).forPath(paths.assignment()) != null) {
          return read(watcher); // created in between
        }
        return new Found(null);
      } catch (InterruptedException ex) {
        throw ex;
      } catch (Exception ex) {
        return new ReadFailed(ex);
      }
    } catch (InterruptedException e) {
      throw e;
    } catch (Exception e) {
      return new ReadFailed(e);
    }
  }
}
