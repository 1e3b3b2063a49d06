// SPDX-License-Identifier: Apache-2.0
/**
 * Testing support for applications on Baton's Spring Boot starter: {@link
 * dev.baton.spring.test.AutoConfigureEmbeddedZooKeeper} starts an in-process ZooKeeper server for a
 * Spring test context, {@link dev.baton.spring.test.EmbeddedZooKeeperExtension} does the same for a
 * plain JUnit 5 test, and {@link dev.baton.spring.test.ZooKeeperSessionExpiry} expires a client's
 * session on the server, as a real session timeout would.
 */
@NullMarked
package dev.baton.spring.test;

import org.jspecify.annotations.NullMarked;
