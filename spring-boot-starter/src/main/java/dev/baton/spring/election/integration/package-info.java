// SPDX-License-Identifier: Apache-2.0
/**
 * Spring Integration's leader contract for Baton elections (only with spring-integration-core on
 * the class path): {@code OnGrantedEvent} and {@code OnRevokedEvent} with a {@link
 * dev.baton.spring.election.integration.BatonLeaderContext} that carries the term's fencing token.
 */
@NullMarked
package dev.baton.spring.election.integration;

import org.jspecify.annotations.NullMarked;
