// SPDX-License-Identifier: Apache-2.0
/**
 * Fenced writes in Spring transactions: {@link dev.baton.spring.fencing.Fenced @Fenced} and {@link
 * dev.baton.spring.fencing.TransactionalFence} check a term's fencing token against a {@link
 * dev.baton.fencing.sql.SqlFence} table in the same database transaction as the application's own
 * writes, and the scheduler's {@link dev.baton.recipes.scheduler.JobStore} on the same data source.
 *
 * <p>Guarantees: a fenced transaction commits only if, at its commit, the fence accepts its token
 * for the resource (no higher token accepted before); then its writes and the new high-water mark
 * commit together. Otherwise nothing of it commits, and the caller gets {@link
 * dev.baton.fencing.StaleTokenException} (or another {@link dev.baton.fencing.FencingException}).
 * So, read in commit order, the resource's writes never go back to a lower token: a former leader
 * that wakes up after its successor wrote cannot write. The check runs in {@code beforeCommit}: the
 * fence row is locked only while the transaction commits, so a paused leader's open transaction
 * does not block its successor (its own data rows still do, if the successor writes the same rows).
 *
 * <p>Not guaranteed: that a stale leader does not write at all. Until its successor's first fenced
 * commit, the former leader's token is still the highest and its commits are accepted: the fence
 * orders writers, it does not detect a lost session (use {@code CurrentTerm.checkActive()} for
 * that). Writes outside the fenced transaction (other data sources, messages, files) are not
 * protected. Nothing is fenced unless the transaction runs on the fence's {@code DataSource} and
 * through Spring's transaction management (proxy-based {@code @Transactional} or a {@code
 * TransactionTemplate}); {@code @Fenced} refuses to run otherwise rather than write unfenced.
 */
@NullMarked
package dev.baton.spring.fencing;

import org.jspecify.annotations.NullMarked;
