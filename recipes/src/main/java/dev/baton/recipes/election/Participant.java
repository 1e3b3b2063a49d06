// SPDX-License-Identifier: Apache-2.0
package dev.baton.recipes.election;

import java.util.Objects;

/** One candidate as {@link ElectionObserver#participants()} lists it (position 0 leads). */
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
