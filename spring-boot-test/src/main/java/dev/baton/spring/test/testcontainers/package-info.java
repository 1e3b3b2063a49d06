// SPDX-License-Identifier: Apache-2.0
/**
 * A ZooKeeper Testcontainers container, {@link
 * dev.baton.spring.test.testcontainers.ZooKeeperContainer}, usable as a Spring Boot
 * {@code @ServiceConnection}: the connection details factory registered in this artifact's {@code
 * META-INF/spring.factories} turns it into a {@code BatonConnectionDetails}. Needs {@code
 * org.testcontainers:testcontainers} and {@code
 * org.springframework.boot:spring-boot-testcontainers} on the test classpath (optional dependencies
 * of this artifact) and a Docker engine.
 */
@NullMarked
package dev.baton.spring.test.testcontainers;

import org.jspecify.annotations.NullMarked;
