// SPDX-License-Identifier: Apache-2.0
package dev.baton.partition.internal.record;

import dev.baton.partition.MalformedRecordException;
import dev.baton.partition.internal.GroupIds;
import java.util.Map;

/**
 * The data of a partition's ownership znode: the owner's member id and the assignment generation
 * under which it took the partition. The znode itself (ephemeral, its czxid the token) is the
 * ownership.
 */
public record OwnerRecord(String memberId, long generation) {
  public static final int MAX_BYTES = 1024;

  public byte[] encode() {
    StringBuilder b = RecordFormat.header("owner");
    RecordFormat.field(b, "member", memberId);
    RecordFormat.field(b, "generation", generation);
    return RecordFormat.bytes(b);
  }

  /**
   * Parses the data of the ownership znode at {@code path}.
   *
   * @throws MalformedRecordException if malformed
   */
  public static OwnerRecord decode(String path, byte[] data) {
    Map<String, String> f = RecordFormat.parse(path, data, "owner", MAX_BYTES);
    String member = RecordFormat.require(path, f, "member");
    if (!GroupIds.isValid(member)) {
      throw new MalformedRecordException(path, "invalid member id");
    }
    return new OwnerRecord(member, RecordFormat.number(path, f, "generation", Long.MAX_VALUE));
  }
}
