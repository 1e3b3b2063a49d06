// SPDX-License-Identifier: Apache-2.0
package dev.baton.partition;

import org.jspecify.annotations.Nullable;

/** What {@link AssignerMachine} asks the assigner's I/O to do; reads and publishes are answered. */
sealed interface AssignerAction {
  record Read(long term, AssignerEvent.Input input) implements AssignerAction {}

  /** Publish {@code next} over {@code previousVersion} (-1: create), fenced by the term's znode. */
  record Publish(long term, AssignmentRecord next, int previousVersion, int moved)
      implements AssignerAction {}

  record Schedule(AssignerEvent event, long delayNanos) implements AssignerAction {}

  record ScheduleRetry(int attempt) implements AssignerAction {}

  /** Set the unowned-partitions gauge (-1: not the assigner). */
  record SetUnowned(long count) implements AssignerAction {}

  record Log(Level level, String message, @Nullable Throwable cause) implements AssignerAction {}

  enum Level {
    INFO,
    WARN,
    ERROR
  }
}
