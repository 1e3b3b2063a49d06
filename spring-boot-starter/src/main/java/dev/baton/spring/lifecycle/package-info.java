// SPDX-License-Identifier: Apache-2.0
/**
 * The lifecycle of the election and partition group beans: {@link
 * dev.baton.spring.lifecycle.RejoinableLifecycle} starts, stops, leaves and rejoins a recipe
 * instance that can itself start only once.
 */
@NullMarked
package dev.baton.spring.lifecycle;

import org.jspecify.annotations.NullMarked;
