// SPDX-License-Identifier: Apache-2.0
package dev.baton.recipes.kernel;

/** Cancels a subscription; idempotent. */
@FunctionalInterface
public interface Subscription extends AutoCloseable {
  @Override
  void close();
}
