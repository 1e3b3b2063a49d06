// SPDX-License-Identifier: Apache-2.0
/** Election and group bean lifecycle: {@link dev.baton.spring.lifecycle.RejoinableLifecycle}. */
@NullMarked
package dev.baton.spring.lifecycle;

import org.jspecify.annotations.NullMarked;
