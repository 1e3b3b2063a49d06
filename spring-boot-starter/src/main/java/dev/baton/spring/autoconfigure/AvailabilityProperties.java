// SPDX-License-Identifier: Apache-2.0
package dev.baton.spring.autoconfigure;

import java.time.Duration;

/** {@code baton.availability.*}: leadership and partitions follow the application's health. */
public class AvailabilityProperties {
  /**
   * Leave every election and partition group while the application refuses traffic (readiness
   * state), is broken (liveness state) or its health is DOWN or OUT_OF_SERVICE, and join again when
   * it recovers. Start-up does not count: Spring's livenessState and readinessState indicators are
   * not read, the two states are followed by their events.
   */
  private boolean resignWhenUnavailable = false;

  /**
   * How often the application's health is checked (with Actuator on the class path), excluding
   * Baton's own indicators.
   */
  private Duration healthCheckInterval = Duration.ofSeconds(2);

  /** Whether the option is on. */
  public boolean isResignWhenUnavailable() {
    return resignWhenUnavailable;
  }

  /** Turns the option on or off. */
  public void setResignWhenUnavailable(boolean resignWhenUnavailable) {
    this.resignWhenUnavailable = resignWhenUnavailable;
  }

  /** The health check interval. */
  public Duration getHealthCheckInterval() {
    return healthCheckInterval;
  }

  /** Sets the health check interval. */
  public void setHealthCheckInterval(Duration healthCheckInterval) {
    this.healthCheckInterval = healthCheckInterval;
  }
}
