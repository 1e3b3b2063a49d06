// SPDX-License-Identifier: Apache-2.0
/**
 * The Spring AOP plumbing of Baton's method annotations, not part of the starter's API: {@link
 * dev.baton.spring.aop.AnnotatedMethodsPostProcessor} and {@link
 * dev.baton.spring.aop.AdvisedMethodInterceptor} are the common part of the {@code @Fenced} and
 * {@code @LeaderOnly} post-processors and interceptors. Public only because those live in their own
 * packages; the starter may use no {@code dev.baton..internal..} package (an ArchUnit rule), so the
 * package is named for what it holds. Applications must not use it.
 */
@NullMarked
package dev.baton.spring.aop;

import org.jspecify.annotations.NullMarked;
