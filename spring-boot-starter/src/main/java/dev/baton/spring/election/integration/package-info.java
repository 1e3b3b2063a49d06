// SPDX-License-Identifier: Apache-2.0
/**
 * Spring Integration's leader contract for Baton elections, used only when spring-integration-core
 * is on the class path: {@code OnGrantedEvent} and {@code OnRevokedEvent} with a {@link
 * dev.baton.spring.election.integration.BatonLeaderContext} that carries the term's fencing token,
 * which drive {@code @Role} endpoints through Spring Integration's {@code
 * SmartLifecycleRoleController}.
 */
@NullMarked
package dev.baton.spring.election.integration;

import org.jspecify.annotations.NullMarked;
