// SPDX-License-Identifier: Apache-2.0
/**
 * The Spring Boot example: {@link dev.baton.example.scheduler.ExampleMain} starts an embedded
 * ZooKeeper and H2 server and three instances of a service with a fenced leader-only job and a
 * partitioned consumer.
 */
package dev.baton.example.scheduler;
