// SPDX-License-Identifier: Apache-2.0
package dev.baton.spring.availability;

import java.util.Optional;

/** Tells whether the application's health is down, for {@link AvailabilityGuard}. */
@FunctionalInterface
public interface HealthProbe {
  /** Why the application is unhealthy now (e.g. {@code db is DOWN}), or empty if it is healthy. */
  Optional<String> unhealthy();
}
