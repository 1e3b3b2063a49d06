// SPDX-License-Identifier: Apache-2.0
/**
 * Spring Boot auto-configuration and properties for Baton; docs/spring.md lists the
 * auto-configurations, their conditions and beans. A refused property fails start-up with a {@link
 * dev.baton.spring.autoconfigure.BatonPropertyException} naming it.
 */
@NullMarked
package dev.baton.spring.autoconfigure;

import org.jspecify.annotations.NullMarked;
