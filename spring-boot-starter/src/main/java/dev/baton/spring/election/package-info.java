// SPDX-License-Identifier: Apache-2.0
/** Elections as Spring lifecycle beans. */
@NullMarked
package dev.baton.spring.election;

import org.jspecify.annotations.NullMarked;
