// SPDX-License-Identifier: Apache-2.0
package dev.baton.spring.leader;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Marks a parameter of a {@link LeaderOnly} method that receives the call's term: its type must be
 * {@code dev.baton.fencing.FencingToken} (the term's token), {@code dev.baton.recipes.Term} or
 * {@code dev.baton.recipes.election.Leadership} (the term itself).
 *
 * <pre>{@code
 * @LeaderOnly("billing")
 * public void closeTheDay(@LeaderTerm FencingToken token) { ... }
 *
 * billing.closeTheDay(null); // the caller passes null; the call runs with the term's token
 * }</pre>
 *
 * <p>It may sit on the method or on the interface method it implements. Callers pass {@code null}.
 * A non-null argument is accepted only if it is the very value the call would receive (for example
 * a token passed along from an outer call of the same term); anything else fails with {@link
 * IllegalArgumentException}, so a caller cannot smuggle in another term's token. On a method
 * without {@link LeaderOnly}, or on a parameter of another type, it fails the application's start.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.PARAMETER)
public @interface LeaderTerm {}
