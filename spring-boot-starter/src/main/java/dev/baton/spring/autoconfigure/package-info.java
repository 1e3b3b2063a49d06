// SPDX-License-Identifier: Apache-2.0
/**
 * Spring Boot auto-configuration and properties for Baton (see docs/spring.md); a refused property
 * fails start-up with a {@link dev.baton.spring.autoconfigure.BatonPropertyException}.
 */
@NullMarked
package dev.baton.spring.autoconfigure;

import org.jspecify.annotations.NullMarked;
