// SPDX-License-Identifier: Apache-2.0
package dev.baton.recipes.spi;

import org.jspecify.annotations.Nullable;

/**
 * A recipe's I/O side of a {@link Machine}: carries out one action at a time under the {@link
 * Shell}'s lock, maybe answering with an event fed next; it {@linkplain Shell#post posts} store
 * notifications and never calls an application's listener itself.
 */
public interface Io<E, A> {
  /** Carries out {@code action}; returns the event it answers with, fed next, or null. */
  @Nullable E apply(A action);

  /** True if {@code action} may wait (store I/O): {@link Shell#decideNow} leaves it to the loop. */
  default boolean blocks(A action) {
    return true;
  }

  /** {@code action}, left to the loop, will not run: the shell closed. Finish it, or drop it. */
  default void dropped(A action) {}

  /** After the shell fed an event and its replies, also when that threw: publish what changed. */
  default void settled() {}
}
