// SPDX-License-Identifier: Apache-2.0
/**
 * Machinery shared by the starter's packages: public for them, not part of the starter's API.
 *
 * <p>{@link dev.baton.spring.support.AnnotatedMethodsPostProcessor} is the common part of the
 * {@code @Fenced} and {@code @LeaderOnly} post-processors. It is not named {@code internal} because
 * the starter must use no {@code dev.baton..internal..} package (an ArchUnit rule); applications
 * must not use it either.
 */
@NullMarked
package dev.baton.spring.support;

import org.jspecify.annotations.NullMarked;
