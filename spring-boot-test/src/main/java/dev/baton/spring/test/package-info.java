// SPDX-License-Identifier: Apache-2.0
/** Test support for Baton's starter: in-process ZooKeeper (Spring or JUnit 5), session expiry. */
@NullMarked
package dev.baton.spring.test;

import org.jspecify.annotations.NullMarked;
