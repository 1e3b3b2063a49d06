// SPDX-License-Identifier: Apache-2.0
/**
 * Testing support for applications on Baton's Spring Boot starter: an in-process ZooKeeper server
 * for a Spring test context or a JUnit 5 test, and server-side session expiry.
 */
@NullMarked
package dev.baton.spring.test;

import org.jspecify.annotations.NullMarked;
