// SPDX-License-Identifier: Apache-2.0
package dev.baton.recipes.backend;

import io.micrometer.core.instrument.MeterRegistry;
import java.time.Duration;
import java.util.Objects;

/**
 * What a candidate joins, and how the backend treats it.
 *
 * @param name the contest: the path of an election or lock, which also scopes its tokens
 * @param participantId the candidate's id, as {@link Backend#participants} lists it
 * @param pauseOnSuspend pause the term while the link is suspended instead of ending it
 * @param reentryJitter the random delay, up to this, before a queue candidate enters again
 * @param meters where the backend registers its own meters, tagged with the name and participant
 */
public record Contest(
    String name,
    String participantId,
    boolean pauseOnSuspend,
    Duration reentryJitter,
    MeterRegistry meters) {
  public Contest {
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(participantId, "participantId");
    Objects.requireNonNull(reentryJitter, "reentryJitter");
    Objects.requireNonNull(meters, "meters");
  }

  /** For logs and thread names: {@code participant@name}. */
  public String describe() {
    return participantId + "@" + name;
  }
}
