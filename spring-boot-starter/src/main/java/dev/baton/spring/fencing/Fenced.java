// SPDX-License-Identifier: Apache-2.0
package dev.baton.spring.fencing;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Fences the current Spring transaction with the leader's token: it commits only if the {@link
 * TransactionalFence} accepts the token for {@link #resource()} at commit, in the same database
 * transaction; if a newer term wrote to the resource, the whole transaction rolls back with {@link
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
 * <p>At the call the term must be active and a transaction on the fence's {@code DataSource} open
 * ({@code @Fenced} never opens one). The term: with {@link #election()} empty, the enclosing {@link
 * dev.baton.spring.leader.LeaderOnly} call's; else the enclosing call's of that election, or this
 * instance's current term of it (or {@link NotLeaderException}). See docs/spring.md.
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
