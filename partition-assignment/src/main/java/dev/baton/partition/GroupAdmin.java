package dev.baton.partition;

import dev.baton.partition.internal.record.PartitionSetRecord;
import dev.baton.recipes.BatonSession;
import dev.baton.recipes.CoordinationException;
import dev.baton.recipes.internal.Validation;
import java.util.Optional;
import java.util.SortedSet;
import java.util.TreeSet;
import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.utils.ZKPaths;
import org.apache.zookeeper.KeeperException;

/**
 * Administration of a group's partition set in ZooKeeper, for groups whose members do not configure
 * {@link GroupConfig.Builder#partitionCount}. The assigner watches the set: adding partitions assigns
 * them, removing partitions revokes them from their owners
 * ({@link dev.baton.recipes.RevocationReason#PARTITION_REMOVED}).
 */
public final class GroupAdmin {
  private GroupAdmin() {}

  /** Sets the partitions to {@code 0..count-1}. */
  public static void setPartitionCount(BatonSession session, String group, int count) {
    if (count < 0 || count > PartitionSetRecord.MAX_PARTITIONS) {
      throw new IllegalArgumentException("count must be 0 to " + PartitionSetRecord.MAX_PARTITIONS
          + ", was " + count);
    }
    TreeSet<Integer> ids = new TreeSet<>();
    for (int i = 0; i < count; i++) {
      ids.add(i);
    }
    setPartitions(session, group, ids);
  }

  /**
   * Sets the partition ids (each 0 to 999,999,999; at most 100,000). An empty set is allowed and
   * releases every partition.
   */
  public static void setPartitions(BatonSession session, String group, SortedSet<Integer> partitions) {
    Validation.path("group", group);
    if (partitions.size() > PartitionSetRecord.MAX_PARTITIONS) {
      throw new IllegalArgumentException("at most " + PartitionSetRecord.MAX_PARTITIONS + " partitions");
    }
    for (int p : partitions) {
      if (p < 0 || p > dev.baton.partition.internal.Ranges.MAX_ID) {
        throw new IllegalArgumentException("partition ids must be 0 to "
            + dev.baton.partition.internal.Ranges.MAX_ID + ", was " + p);
      }
    }
    String path = ZKPaths.makePath(group, "partitions");
    byte[] data = PartitionSetRecord.encode(partitions);
    CuratorFramework client = session.curator();
    try {
      try {
        client.setData().forPath(path, data);
      } catch (KeeperException.NoNodeException e) {
        client.create().orSetData().creatingParentsIfNeeded().forPath(path, data);
      }
    } catch (Exception e) {
      throw new CoordinationException("cannot set the partitions of " + group + ": " + e, e);
    }
  }

  /** The partition set stored in ZooKeeper, if any. */
  public static Optional<SortedSet<Integer>> partitions(BatonSession session, String group) {
    String path = ZKPaths.makePath(Validation.path("group", group), "partitions");
    try {
      return Optional.of(PartitionSetRecord.decode(path, session.curator().getData().forPath(path)));
    } catch (KeeperException.NoNodeException e) {
      return Optional.empty();
    } catch (MalformedRecordException e) {
      throw e;
    } catch (Exception e) {
      throw new CoordinationException("cannot read the partitions of " + group + ": " + e, e);
    }
  }
}
