// SPDX-License-Identifier: Apache-2.0
package dev.baton.spring.fencing;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Fences the current Spring transaction with the leader's token, e.g.
 * {@code @LeaderOnly("billing") @Transactional @Fenced(resource = "billing-run")} on one method: it
 * commits only if the {@link TransactionalFence} accepts the token for {@link #resource()} at
 * commit, in the same transaction; if a newer term wrote to the resource, it rolls back with {@link
 * dev.baton.fencing.StaleTokenException}. The call needs an active term and an open transaction on
 * the fence's {@code DataSource} ({@code @Fenced} never opens one). The term is the enclosing
 * {@link dev.baton.spring.leader.LeaderOnly} call's; with {@link #election()} set, the enclosing
 * call's of that election, else this instance's current term of it (or {@link NotLeaderException}).
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
