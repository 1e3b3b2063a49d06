// SPDX-License-Identifier: Apache-2.0
package dev.baton.partition;

import org.jspecify.annotations.Nullable;

/** What {@link AssignerMachine} asks the assigner's I/O to do; reads and publishes are answered. */
sealed interface AssignerAction {
  /** Read {@code input} of term {@code term}, watching it where it is watched. */
  record Read(long term, AssignerEvent.Input input) implements AssignerAction {}

  /**
   * Publish {@code next} as a fenced write: check the term's election znode, replace the assignment
   * at {@code previousVersion} (create it when -1). Answer: Published or PublishRejected.
   */
  record Publish(long term, AssignmentRecord next, int previousVersion, int moved)
      implements AssignerAction {}

  /** Feed {@code event} back after {@code delayNanos}. */
  record Schedule(AssignerEvent event, long delayNanos) implements AssignerAction {}

  /** Feed a Retry back after the loop's backoff for failure {@code attempt}. */
  record ScheduleRetry(int attempt) implements AssignerAction {}

  /** Set the unowned-partitions gauge (-1: not the assigner). */
  record SetUnowned(long count) implements AssignerAction {}

  /** Log {@code message} ({@code cause} may be null) at {@code level}. */
  record Log(Level level, String message, @Nullable Throwable cause) implements AssignerAction {}

  /** Log levels of {@link Log}. */
  enum Level {
    INFO,
    WARN,
    ERROR
  }
}
