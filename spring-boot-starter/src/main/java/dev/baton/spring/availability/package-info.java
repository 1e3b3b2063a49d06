// SPDX-License-Identifier: Apache-2.0
/**
 * Leadership and partitions that follow the application's availability ({@code
 * baton.availability.resign-when-unavailable}): {@link
 * dev.baton.spring.availability.AvailabilityGuard} leaves every election and group while the
 * application refuses traffic or its health is down, and joins again when it recovers.
 */
@NullMarked
package dev.baton.spring.availability;

import org.jspecify.annotations.NullMarked;
