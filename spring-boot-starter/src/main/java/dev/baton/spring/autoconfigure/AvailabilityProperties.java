// SPDX-License-Identifier: Apache-2.0
package dev.baton.spring.autoconfigure;

import java.time.Duration;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * {@code baton.availability.*}: leadership and partitions follow the application's health.
 *
 * @param resignWhenUnavailable Leave every election and group while the application refuses traffic
 *     (readiness), is broken (liveness) or its health is DOWN or OUT_OF_SERVICE, rejoining on
 *     recovery; start-up does not count (the states' events are followed, not their indicators).
 * @param healthCheckInterval How often the app's health (not Baton's indicators) is checked.
 */
public record AvailabilityProperties(
    @DefaultValue("false") boolean resignWhenUnavailable,
    @DefaultValue("2s") Duration healthCheckInterval) {}
