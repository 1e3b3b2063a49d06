// SPDX-License-Identifier: Apache-2.0
package dev.baton.spring.leader;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Marks a parameter of a {@link LeaderOnly} method that receives the call's term: of type {@code
 * FencingToken}, {@code Term} or {@code Leadership}. Callers pass {@code null}; a non-null argument
 * is accepted only if it is the very value the call would receive, so a caller cannot smuggle in
 * another term's token ({@link IllegalArgumentException}).
 *
 * <pre>{@code
 * @LeaderOnly("billing")
 * public void closeTheDay(@LeaderTerm FencingToken token) { ... }
 * }</pre>
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.PARAMETER)
public @interface LeaderTerm {}
