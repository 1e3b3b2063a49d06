// SPDX-License-Identifier: Apache-2.0
package dev.baton.recipes.election;

import dev.baton.fencing.FencingToken;
import java.util.Objects;

/** The current leader of an election as read: participant id, term token and znode name. */
public record LeaderInfo(String participantId, FencingToken token, String nodeName) {
  public LeaderInfo {
    Objects.requireNonNull(participantId, "participantId");
    Objects.requireNonNull(token, "token");
    Objects.requireNonNull(nodeName, "nodeName");
  }
}
