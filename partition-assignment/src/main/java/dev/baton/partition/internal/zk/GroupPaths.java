// SPDX-License-Identifier: Apache-2.0
package dev.baton.partition.internal.zk;

import org.apache.curator.utils.ZKPaths;

/**
 * The znodes of a group under its path {@code G}.
 *
 * <pre>
 * G/members/&lt;member&gt;    ephemeral, a member record
 * G/assigner/...          the assigner election (Baton's leader election)
 * G/assignment            persistent, the published assignment record
 * G/partitions            persistent, optional: the partition set when not configured
 * G/owners/&lt;partition&gt;  ephemeral, an owner record; its czxid is the partition's fencing token
 * </pre>
 */
public record GroupPaths(String group) {
  public String members() {
    return ZKPaths.makePath(group, "members");
  }

  public String member(String id) {
    return ZKPaths.makePath(members(), id);
  }

  public String assigner() {
    return ZKPaths.makePath(group, "assigner");
  }

  public String assignment() {
    return ZKPaths.makePath(group, "assignment");
  }

  public String partitions() {
    return ZKPaths.makePath(group, "partitions");
  }

  public String owners() {
    return ZKPaths.makePath(group, "owners");
  }

  public String owner(int partition) {
    return ZKPaths.makePath(owners(), Integer.toString(partition));
  }

  /** The scope of partition {@code p}'s fencing tokens: its ownership znode's path. */
  public String tokenScope(int partition) {
    return owner(partition);
  }
}
