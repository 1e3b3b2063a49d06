// SPDX-License-Identifier: Apache-2.0
package dev.baton.fencing;

/**
 * The caller's own write, run by a {@link Fence} inside the same atomic unit as the fence check.
 *
 * @param <C> what the write works with: a JDBC connection in the open transaction, a ZooKeeper
 *     transaction to add operations to, or nothing for the in-memory fence
 * @param <T> the write's result
 */
@FunctionalInterface
public interface FencedAction<C, T> {
  /**
   * Performs the write. An exception aborts the whole unit, fence update included, and reaches the
   * caller: unchecked exceptions as they are, checked ones wrapped in a {@link FencingException}
   * ({@link Fence#rethrow}).
   */
  T apply(C context) throws Exception;
}
