// SPDX-License-Identifier: Apache-2.0
package dev.baton.recipes.election;

import java.util.Objects;

/**
 * One candidate of an election, as listed by {@link ElectionObserver#participants()}: its position
 * in the queue (0 leads), its participant id and its znode's name.
 */
public record Participant(int position, String participantId, String nodeName) {
  public Participant {
    Objects.requireNonNull(participantId, "participantId");
    Objects.requireNonNull(nodeName, "nodeName");
  }

  /** True for the first candidate, the leader. */
  public boolean isLeader() {
    return position == 0;
  }
}
