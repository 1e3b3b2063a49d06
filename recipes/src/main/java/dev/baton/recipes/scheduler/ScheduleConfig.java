// SPDX-License-Identifier: Apache-2.0
package dev.baton.recipes.scheduler;

import dev.baton.recipes.spi.Validation;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Objects;
import java.util.regex.Pattern;
import org.jspecify.annotations.Nullable;

/**
 * Immutable settings of a schedule, built by {@link #builder(String, Duration)}.
 *
 * @param name 1 to 200 letters, digits or {@code . _ -}; job keys are {@code <name>#<slot>}
 * @param interval one job per interval, at least 1 ms
 * @param firstSlotAt slot 0's start (slot n at {@code firstSlotAt + n * interval}); default epoch
 * @param startFromNow with no progress recorded, begin at the current slot, not 0; default true
 * @param jobType stored with each job, for workers: 1 to 255 characters; default the name
 * @param clock what "now" is; default system UTC
 */
public record ScheduleConfig(
    String name,
    Duration interval,
    Instant firstSlotAt,
    boolean startFromNow,
    String jobType,
    Clock clock) {
  private static final Pattern NAME = Pattern.compile("^[A-Za-z0-9._-]{1,200}$");

  /** Checks every setting, throwing IllegalArgumentException naming the first invalid one. */
  public ScheduleConfig {
    if (!NAME.matcher(Objects.requireNonNull(name, "name")).matches()) {
      throw new IllegalArgumentException(
          "invalid schedule name '" + name + "': use 1 to 200 letters, digits, '.', '_' or '-'");
    }
    Validation.atLeastMillis("interval", interval);
    Objects.requireNonNull(firstSlotAt, "firstSlotAt");
    if (Objects.requireNonNull(jobType, "jobType").isBlank() || jobType.length() > 255) {
      throw new IllegalArgumentException("jobType must be 1 to 255 characters");
    }
    Objects.requireNonNull(clock, "clock");
  }

  /** A builder for the schedule {@code name}, one slot every {@code interval}. */
  public static Builder builder(String name, Duration interval) {
    return new Builder(
        Objects.requireNonNull(name, "name"), Objects.requireNonNull(interval, "interval"));
  }

  /** When slot {@code n} begins. */
  public Instant slotStart(long n) {
    return firstSlotAt.plus(interval.multipliedBy(n));
  }

  /** The slot that contains {@code t} (-1 before the first slot). */
  public long slotAt(Instant t) {
    if (t.isBefore(firstSlotAt)) {
      return -1;
    }
    return Duration.between(firstSlotAt, t).toNanos() / interval.toNanos();
  }

  /** Builder of {@link ScheduleConfig}; not thread-safe. */
  public static final class Builder {
    private final String name;
    private final Duration interval;
    private Instant firstSlotAt = Instant.EPOCH;
    private boolean startFromNow = true;
    private @Nullable String jobType;
    private Clock clock = Clock.systemUTC();

    private Builder(String name, Duration interval) {
      this.name = name;
      this.interval = interval;
    }

    public Builder firstSlotAt(Instant value) {
      this.firstSlotAt = Objects.requireNonNull(value, "firstSlotAt");
      return this;
    }

    public Builder startFromNow(boolean value) {
      this.startFromNow = value;
      return this;
    }

    /** Stored with each job, for workers; {@code null} for the default (the schedule's name). */
    public Builder jobType(@Nullable String value) {
      this.jobType = value;
      return this;
    }

    public Builder clock(Clock value) {
      this.clock = Objects.requireNonNull(value, "clock");
      return this;
    }

    /** Validates and builds; throws IllegalArgumentException naming the first invalid field. */
    public ScheduleConfig build() {
      return new ScheduleConfig(
          name, interval, firstSlotAt, startFromNow, jobType == null ? name : jobType, clock);
    }
  }
}
