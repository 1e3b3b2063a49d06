// SPDX-License-Identifier: Apache-2.0
package dev.baton.spring.leader;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Runs the annotated method only while this instance holds an active term of the named election
 * (the {@code <name>} of {@code baton.election.<name>.path}); on every other instance, and on this
 * one while it does not lead, the call is skipped.
 *
 * <pre>{@code
 * @Scheduled(fixedDelay = 60_000)
 * @LeaderOnly("billing")
 * public void closeTheDay() {
 *   FencingToken token = currentTerm.token(); // the term this call runs under
 *   ...
 * }
 * }</pre>
 *
 * <p>A skipped call returns {@code null}, or an empty {@link java.util.Optional} (also {@code
 * OptionalInt}, {@code OptionalLong}, {@code OptionalDouble}) for those return types; it is logged
 * at DEBUG and counted in {@code baton.leaderonly.skipped} (tags {@code election}, {@code method})
 * when the application has a {@code MeterRegistry} bean. A method that returns a primitive other
 * than {@code void} cannot be skipped with a meaningful value and is rejected at start-up.
 *
 * <p>While the call runs, its term is bound to the thread: read it from the {@link CurrentTerm}
 * bean, or declare a parameter of type {@code FencingToken}, {@code Term} or {@code Leadership}
 * annotated {@link LeaderTerm} (callers pass {@code null}). A call that began leading and loses the
 * term midway sees {@link CurrentTerm#checkActive()} throw; the call itself is not stopped. A
 * paused process sees nothing at all: pair the writes with a fence ({@code @Fenced}), which is what
 * really stops a stale leader.
 *
 * <p>The value may be a property placeholder ({@code "${app.election}"}). Unknown election names,
 * misplaced {@link LeaderTerm} parameters and primitive return types fail the application's start.
 * A nested {@code @LeaderOnly} call of the same election on the same thread runs under the term of
 * the outer call. Works on any Spring bean method that is called through the bean (Spring AOP: not
 * on calls from inside the same object, nor on private or final methods), including
 * {@code @Scheduled} methods; no AspectJ weaver is needed.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.METHOD)
public @interface LeaderOnly {
  /** The name of the election this method runs under. */
  String value();
}
