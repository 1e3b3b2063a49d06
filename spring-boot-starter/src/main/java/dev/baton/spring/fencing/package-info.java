// SPDX-License-Identifier: Apache-2.0
/**
 * Fenced writes in Spring transactions: {@link dev.baton.spring.fencing.Fenced @Fenced} and {@link
 * dev.baton.spring.fencing.TransactionalFence} check a term's token against a {@link
 * dev.baton.fencing.sql.SqlFence} table in the app's transaction (at {@code beforeCommit}, so a
 * paused leader's open transaction blocks no successor); plus the scheduler's {@link
 * dev.baton.recipes.scheduler.JobStore}. It orders writers; it cannot see a lost session.
 */
@NullMarked
package dev.baton.spring.fencing;

import org.jspecify.annotations.NullMarked;
