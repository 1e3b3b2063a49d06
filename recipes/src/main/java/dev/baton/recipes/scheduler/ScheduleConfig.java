// SPDX-License-Identifier: Apache-2.0
package dev.baton.recipes.scheduler;

import dev.baton.internal.Validation;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Objects;
import java.util.regex.Pattern;
import org.jspecify.annotations.Nullable;

/**
 * Immutable settings of a schedule, validated by {@link Builder#build()}.
 *
 * <table>
 *   <caption>Fields and defaults</caption>
 *   <tr><th>field</th><th>default</th><th>meaning</th></tr>
 *   <tr><td>name</td><td>required</td><td>the schedule's name: letters, digits, {@code . _ -}, 1 to
 *   200 characters; the job keys are {@code <name>#<slot>}</td></tr>
 *   <tr><td>interval</td><td>required</td><td>one job per interval, at least 1 ms</td></tr>
 *   <tr><td>firstSlotAt</td><td>epoch (1970-01-01)</td><td>when slot 0 begins; slot n begins at
 *   {@code firstSlotAt + n * interval}</td></tr>
 *   <tr><td>startFromNow</td><td>true</td><td>with no recorded progress, begin at the current slot
 *   instead of slot 0 (no flood of past jobs on first start)</td></tr>
 *   <tr><td>jobType</td><td>the name</td><td>stored with each job, for workers</td></tr>
 *   <tr><td>clock</td><td>system UTC</td><td>what "now" is</td></tr>
 * </table>
 */
public final class ScheduleConfig {
  private static final Pattern NAME = Pattern.compile("^[A-Za-z0-9._-]{1,200}$");

  private final String name;
  private final Duration interval;
  private final Instant firstSlotAt;
  private final boolean startFromNow;
  private final String jobType;
  private final Clock clock;

  private ScheduleConfig(Builder b) {
    this.name = b.name;
    this.interval = b.interval;
    this.firstSlotAt = b.firstSlotAt;
    this.startFromNow = b.startFromNow;
    this.jobType = b.jobType == null ? b.name : b.jobType;
    this.clock = b.clock;
  }

  /**
   * A builder for the schedule {@code name}, one slot every {@code interval}.
   *
   * @throws NullPointerException if {@code name} or {@code interval} is null
   */
  public static Builder builder(String name, Duration interval) {
    return new Builder(
        Objects.requireNonNull(name, "name"), Objects.requireNonNull(interval, "interval"));
  }

  public String name() {
    return name;
  }

  public Duration interval() {
    return interval;
  }

  public Instant firstSlotAt() {
    return firstSlotAt;
  }

  public boolean startFromNow() {
    return startFromNow;
  }

  public String jobType() {
    return jobType;
  }

  public Clock clock() {
    return clock;
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

    /**
     * Validates and builds.
     *
     * @throws IllegalArgumentException naming the first invalid field
     */
    public ScheduleConfig build() {
      if (!NAME.matcher(name).matches()) {
        throw new IllegalArgumentException(
            "invalid schedule name '" + name + "': use 1 to 200 letters, digits, '.', '_' or '-'");
      }
      Validation.atLeastMillis("interval", interval);
      if (jobType != null && (jobType.isBlank() || jobType.length() > 255)) {
        throw new IllegalArgumentException("jobType must be 1 to 255 characters");
      }
      return new ScheduleConfig(this);
    }
  }
}
