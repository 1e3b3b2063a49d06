// SPDX-License-Identifier: Apache-2.0
/** Actuator views of Baton: the {@code baton} health contributor and info section. */
@NullMarked
package dev.baton.spring.actuate;

import org.jspecify.annotations.NullMarked;
