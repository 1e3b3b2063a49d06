// SPDX-License-Identifier: Apache-2.0
package dev.baton.fencing;

/**
 * The caller's own write, run by a {@link Fence} inside the same atomic unit as the fence check.
 *
 * @param <C> the context: the transaction's JDBC connection, a ZooKeeper transaction, or null
 * @param <T> the write's result
 */
@FunctionalInterface
public interface FencedAction<C, T> {
  /** Performs the write; an exception aborts the whole unit, fence update included. */
  T apply(C context) throws Exception;
}
