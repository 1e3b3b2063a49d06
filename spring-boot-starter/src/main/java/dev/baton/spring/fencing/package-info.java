// SPDX-License-Identifier: Apache-2.0
/**
 * Fenced writes in Spring transactions: {@link dev.baton.spring.fencing.Fenced @Fenced} and {@link
 * dev.baton.spring.fencing.TransactionalFence} check a term's fencing token against a {@link
 * dev.baton.fencing.sql.SqlFence} table in the same database transaction as the application's own
 * writes (at {@code beforeCommit}, so a paused leader's open transaction blocks no successor), and
 * the scheduler's {@link dev.baton.recipes.scheduler.JobStore} on the same data source. The fence
 * orders writers; it does not detect a lost session (see docs/spring.md).
 */
@NullMarked
package dev.baton.spring.fencing;

import org.jspecify.annotations.NullMarked;
