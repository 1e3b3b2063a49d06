// SPDX-License-Identifier: Apache-2.0
package dev.baton.spring.fencing;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Fences the current Spring transaction with the leader's token: the transaction commits only if
 * the {@link TransactionalFence} accepts the token for {@link #resource()}, in the same database
 * transaction as everything the method (and the rest of the transaction) wrote; if a newer term has
 * written to the resource, the whole transaction rolls back and the caller gets {@link
 * dev.baton.fencing.StaleTokenException}.
 *
 * <pre>{@code
 * @LeaderOnly("billing")
 * @Transactional
 * @Fenced(resource = "billing-run")
 * public void closeTheDay() {
 *   jdbc.update("insert into invoices ...");   // commits only with the fence's check
 * }
 * }</pre>
 *
 * <p>When: at the call, the term must be active ({@code checkActive()}, else {@link
 * dev.baton.recipes.TermLostException} before the method runs) and a transaction on the fence's
 * {@code DataSource} must be active (else {@link IllegalStateException}: @Fenced never opens one).
 * The token check itself runs just before the transaction commits ({@code beforeCommit}), so the
 * fence's row is locked only while the transaction commits, not while the method works: a leader
 * paused in the middle of the method blocks no successor, and is rejected at its own commit.
 *
 * <p>Which term: with {@link #election()} empty, the term of the enclosing {@link
 * dev.baton.spring.leader.LeaderOnly} call on this thread; with an election named, the enclosing
 * call's term of that election, or else this instance's current term of it (or {@link
 * NotLeaderException}). The advice runs inside the method's {@code @Transactional} advice, so the
 * two may sit on the same method; {@code @Fenced} on a method whose caller opened the transaction
 * joins that transaction, and the check runs when it commits. Resource and election may be property
 * placeholders.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.METHOD)
public @interface Fenced {
  /** The protected resource: the fence row the token is checked against (1 to 255 characters). */
  String resource();

  /** The election whose term fences the write; empty for the enclosing {@code @LeaderOnly}'s. */
  String election() default "";
}
