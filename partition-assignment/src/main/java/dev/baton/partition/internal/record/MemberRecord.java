// SPDX-License-Identifier: Apache-2.0
package dev.baton.partition.internal.record;

import dev.baton.partition.MalformedRecordException;
import dev.baton.partition.internal.GroupIds;
import dev.baton.partition.strategy.MemberProfile;
import java.util.Map;

/**
 * The data of a member znode: {@code baton-member/1} with {@code id}, {@code weight}, {@code zone}.
 */
public final class MemberRecord {
  public static final int MAX_BYTES = 4096;
  public static final int MAX_WEIGHT = 10_000;

  private MemberRecord() {}

  public static byte[] encode(MemberProfile member) {
    StringBuilder b = RecordFormat.header("member");
    RecordFormat.field(b, "id", member.id());
    RecordFormat.field(b, "weight", member.weight());
    if (member.zone() != null) {
      RecordFormat.field(b, "zone", member.zone());
    }
    return RecordFormat.bytes(b);
  }

  /**
   * Parses the member znode {@code path} named {@code nodeName}; the id inside must equal the name.
   *
   * @throws MalformedRecordException if malformed
   */
  public static MemberProfile decode(String path, String nodeName, byte[] data) {
    Map<String, String> f = RecordFormat.parse(path, data, "member", MAX_BYTES);
    String id = RecordFormat.require(path, f, "id");
    if (!id.equals(nodeName)) {
      throw new MalformedRecordException(
          path, "member id " + RecordFormat.quoted(id) + " does not match the znode name");
    }
    if (!GroupIds.isValid(id)) {
      throw new MalformedRecordException(path, "invalid member id");
    }
    int weight = (int) RecordFormat.number(path, f, "weight", MAX_WEIGHT);
    if (weight < 1) {
      throw new MalformedRecordException(path, "weight must be at least 1");
    }
    String zone = f.get("zone");
    if (zone != null && !GroupIds.isValid(zone)) {
      throw new MalformedRecordException(path, "invalid zone");
    }
    return MemberProfile.of(id, weight, zone);
  }
}
