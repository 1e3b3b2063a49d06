// SPDX-License-Identifier: Apache-2.0
package dev.baton.spring.autoconfigure;

import java.time.Duration;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * {@code baton.availability.*}: leadership and partitions follow the application's health. Spring
 * settings only, with their defaults here.
 *
 * @param resignWhenUnavailable Leave every election and partition group while the application
 *     refuses traffic (readiness state), is broken (liveness state) or its health is DOWN or
 *     OUT_OF_SERVICE, and join again when it recovers. Start-up does not count: Spring's
 *     livenessState and readinessState indicators are not read, the two states are followed by
 *     their events.
 * @param healthCheckInterval How often the application's health is checked (with Actuator on the
 *     class path), excluding Baton's own indicators.
 */
public record AvailabilityProperties(
    @DefaultValue("false") boolean resignWhenUnavailable,
    @DefaultValue("2s") Duration healthCheckInterval) {}
