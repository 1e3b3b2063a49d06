// SPDX-License-Identifier: Apache-2.0
/**
 * Spring Integration leader events for Baton elections (with spring-integration-core); their {@link
 * dev.baton.spring.election.integration.BatonLeaderContext} carries the term's token.
 */
@NullMarked
package dev.baton.spring.election.integration;

import org.jspecify.annotations.NullMarked;
