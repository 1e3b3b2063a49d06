// SPDX-License-Identifier: Apache-2.0
package dev.baton.recipes.spi;

/** Cancels a subscription; idempotent. */
@FunctionalInterface
public interface Subscription extends AutoCloseable {
  @Override
  void close();
}
