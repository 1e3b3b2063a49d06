// SPDX-License-Identifier: Apache-2.0
package dev.baton.partition.internal.record;

import dev.baton.partition.MalformedRecordException;
import dev.baton.partition.internal.Ranges;
import java.util.Map;
import java.util.SortedSet;

/** The data of a group's {@code partitions} znode: the partition ids as ranges. */
public final class PartitionSetRecord {
  /** Most partitions a group may have. */
  public static final int MAX_PARTITIONS = 100_000;

  public static final int MAX_BYTES = 1 << 20;

  private PartitionSetRecord() {}

  public static byte[] encode(SortedSet<Integer> partitions) {
    StringBuilder b = RecordFormat.header("partitions");
    RecordFormat.field(b, "ids", Ranges.encode(partitions));
    return RecordFormat.bytes(b);
  }

  /**
   * Parses the data of the partitions znode at {@code path}.
   *
   * @throws MalformedRecordException if malformed
   */
  public static SortedSet<Integer> decode(String path, byte[] data) {
    Map<String, String> f = RecordFormat.parse(path, data, "partitions", MAX_BYTES);
    try {
      return Ranges.parse(RecordFormat.require(path, f, "ids"), MAX_PARTITIONS);
    } catch (IllegalArgumentException e) {
      throw new MalformedRecordException(path, String.valueOf(e.getMessage()));
    }
  }
}
