// SPDX-License-Identifier: Apache-2.0
/**
 * Leader-only methods: {@link dev.baton.spring.leader.LeaderOnly @LeaderOnly} runs a bean method
 * only while this instance leads a named election, the term bound to the thread ({@link
 * dev.baton.spring.leader.CurrentTerm}, {@link dev.baton.spring.leader.LeaderTerm @LeaderTerm});
 * plus their post-processors. A call is not stopped when its term ends: fence its writes.
 */
@NullMarked
package dev.baton.spring.leader;

import org.jspecify.annotations.NullMarked;
