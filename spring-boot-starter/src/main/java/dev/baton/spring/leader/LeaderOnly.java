// SPDX-License-Identifier: Apache-2.0
package dev.baton.spring.leader;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Runs the annotated method (e.g. a {@code @Scheduled} one) only while this instance holds an
 * active term of the named election ({@code <name>} of {@code baton.election.<name>.path}); other
 * calls are skipped, returning {@code null} or an empty {@code Optional} (or OptionalInt, ...),
 * logged at DEBUG and counted in {@code baton.leaderonly.skipped}. The term is bound to the call
 * ({@link CurrentTerm}, {@link LeaderTerm} parameters); a nested call of the same election runs
 * under the outer call's term. A call is not stopped when its term ends: fence its writes. The
 * value may be a property placeholder; declarations that cannot work fail the start.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.METHOD)
public @interface LeaderOnly {
  /** The name of the election this method runs under. */
  String value();
}
