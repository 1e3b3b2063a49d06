// SPDX-License-Identifier: Apache-2.0
/**
 * Availability-driven leadership: {@link dev.baton.spring.availability.AvailabilityGuard} leaves
 * every election and group while the app is unavailable.
 */
@NullMarked
package dev.baton.spring.availability;

import org.jspecify.annotations.NullMarked;
