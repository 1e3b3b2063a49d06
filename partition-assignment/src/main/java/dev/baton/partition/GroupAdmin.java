// SPDX-License-Identifier: Apache-2.0
package dev.baton.partition;

import dev.baton.recipes.BatonSession;
import dev.baton.recipes.CoordinationException;
import dev.baton.recipes.spi.Validation;
import java.util.Collections;
import java.util.Objects;
import java.util.Optional;
import java.util.SortedMap;
import java.util.SortedSet;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * Administration of a group's partition set in ZooKeeper, for groups whose members do not configure
 * {@link GroupConfig.Builder#partitionCount}. The assigner watches it: added partitions are
 * assigned, removed ones revoked ({@link dev.baton.recipes.RevocationReason#PARTITION_REMOVED}).
 */
public final class GroupAdmin {
  private GroupAdmin() {}

  /** A group's published assignment; a partition of the set may be assigned to nobody. */
  public record Assignment(
      long generation, SortedSet<Integer> partitions, SortedMap<Integer, String> assignedTo) {
    public Assignment {
      partitions = Collections.unmodifiableSortedSet(new TreeSet<>(partitions));
      assignedTo = Collections.unmodifiableSortedMap(new TreeMap<>(assignedTo));
    }
  }

  /** The group's assignment znode, for clients reading it directly ({@link #decodeAssignment}). */
  public static String assignmentPath(String group) {
    Objects.requireNonNull(group, "group");
    return new GroupPaths(Validation.path("group", group)).assignment();
  }

  /** Decodes the data of an {@link #assignmentPath assignment znode} read at {@code path}. */
  public static Assignment decodeAssignment(String path, byte[] data) {
    Objects.requireNonNull(path, "path");
    Objects.requireNonNull(data, "data");
    AssignmentRecord record = AssignmentRecord.decode(path, data);
    return new Assignment(record.generation(), record.partitions(), record.owners());
  }

  /** Sets the partitions to {@code 0..count-1}. */
  public static void setPartitionCount(BatonSession session, String group, int count) {
    Objects.requireNonNull(session, "session");
    Objects.requireNonNull(group, "group");
    if (count < 0 || count > RecordFormat.MAX_PARTITIONS) {
      throw new IllegalArgumentException(
          "count must be 0 to " + RecordFormat.MAX_PARTITIONS + ", was " + count);
    }
    setPartitions(session, group, RecordFormat.firstIds(count));
  }

  /** Sets the partition ids (0 to 999,999,999; at most 100,000); empty releases every partition. */
  public static void setPartitions(
      BatonSession session, String group, SortedSet<Integer> partitions) {
    Objects.requireNonNull(session, "session");
    Objects.requireNonNull(group, "group");
    Objects.requireNonNull(partitions, "partitions");
    Validation.path("group", group);
    byte[] record = RecordFormat.encodePartitions(partitions); // checks the ids
    try {
      new Znodes(session.curator()).write(new GroupPaths(group).partitions(), record);
    } catch (Exception e) {
      throw new CoordinationException(
          "cannot set the partitions of " + group + ": " + e, keepInterrupt(e));
    }
  }

  /** The partition set stored in ZooKeeper, if any. */
  public static Optional<SortedSet<Integer>> partitions(BatonSession session, String group) {
    Objects.requireNonNull(session, "session");
    Objects.requireNonNull(group, "group");
    String path = new GroupPaths(Validation.path("group", group)).partitions();
    try {
      Znodes.Data data = new Znodes(session.curator()).read(path);
      return data == null
          ? Optional.empty()
          : Optional.of(RecordFormat.decodePartitions(path, data.bytes()));
    } catch (MalformedRecordException e) {
      throw e;
    } catch (Exception e) {
      throw new CoordinationException(
          "cannot read the partitions of " + group + ": " + e, keepInterrupt(e));
    }
  }

  private static Exception keepInterrupt(Exception e) {
    if (e instanceof InterruptedException) {
      Thread.currentThread().interrupt();
    }
    return e;
  }
}
