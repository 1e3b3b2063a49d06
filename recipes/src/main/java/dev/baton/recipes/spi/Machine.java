// SPDX-License-Identifier: Apache-2.0
package dev.baton.recipes.spi;

import java.util.List;

/**
 * Pure decisions, run by a {@link Shell}: the machine's state and an event in, the actions to take
 * out, in the order they must be carried out. No I/O, no threads: the shell feeds it one event at a
 * time, and its {@link Io} carries the actions out.
 *
 * @param <E> the events it learns
 * @param <A> the actions it decides
 */
@FunctionalInterface
public interface Machine<E, A> {
  /** The actions for {@code event}; {@code nanoTime} is the loop's clock now. */
  List<A> on(E event, long nanoTime);
}
