// SPDX-License-Identifier: Apache-2.0
package dev.baton.recipes.backend;

import dev.baton.fencing.FencingToken;
import java.util.Objects;

/**
 * A candidate as a {@link Backend} stores it: its participant id, the token its term has (or would
 * have, for a ZooKeeper candidate not at the head of the queue: its znode's creation zxid), and the
 * name of its entry (a znode's name, or the lease row's description).
 */
public record Holder(String participantId, FencingToken token, String nodeName) {
  public Holder {
    Objects.requireNonNull(participantId, "participantId");
    Objects.requireNonNull(token, "token");
    Objects.requireNonNull(nodeName, "nodeName");
  }
}
