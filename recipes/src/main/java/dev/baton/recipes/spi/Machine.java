// SPDX-License-Identifier: Apache-2.0
package dev.baton.recipes.spi;

import java.util.List;

/**
 * Pure decisions, run by a {@link Shell}: state and an event in, actions out, in the order to carry
 * them out. No I/O, no threads: the shell feeds it one event at a time; its {@link Io} acts.
 */
@FunctionalInterface
public interface Machine<E, A> {
  /** The actions for {@code event}; {@code nanoTime} is the loop's clock now. */
  List<A> on(E event, long nanoTime);
}
