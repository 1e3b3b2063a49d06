// SPDX-License-Identifier: Apache-2.0
/**
 * Actuator views of Baton: one {@code baton} health contributor with a child per election and per
 * partition group, and the {@code baton} section of {@code /actuator/info}.
 */
@NullMarked
package dev.baton.spring.actuate;

import org.jspecify.annotations.NullMarked;
