// SPDX-License-Identifier: Apache-2.0
/** Spring Boot auto-configuration and properties for Baton. */
@NullMarked
package dev.baton.spring.autoconfigure;

import org.jspecify.annotations.NullMarked;
