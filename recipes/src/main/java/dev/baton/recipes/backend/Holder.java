// SPDX-License-Identifier: Apache-2.0
package dev.baton.recipes.backend;

import dev.baton.fencing.FencingToken;
import java.util.Objects;

/**
 * A candidate as a {@link Backend} stores it: participant id, term token (a ZooKeeper candidate
 * behind the head: its znode's creation zxid) and entry name (znode, or lease row).
 */
public record Holder(String participantId, FencingToken token, String nodeName) {
  public Holder {
    Objects.requireNonNull(participantId, "participantId");
    Objects.requireNonNull(token, "token");
    Objects.requireNonNull(nodeName, "nodeName");
  }
}
