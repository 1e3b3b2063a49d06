// SPDX-License-Identifier: Apache-2.0
/** A ZooKeeper Testcontainers container, usable as a Spring Boot {@code @ServiceConnection}. */
@NullMarked
package dev.baton.spring.test.testcontainers;

import org.jspecify.annotations.NullMarked;
