// SPDX-License-Identifier: Apache-2.0
package dev.baton.spring.leader;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Marks a {@code FencingToken}, {@code Term} or {@code Leadership} parameter of a {@link
 * LeaderOnly} method to receive the call's term; callers pass {@code null} or that very value (else
 * {@link IllegalArgumentException}), so none can smuggle in another term's token.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.PARAMETER)
public @interface LeaderTerm {}
