// SPDX-License-Identifier: Apache-2.0
package dev.baton.bench.chaos.client;

/** The recipe a chaos client runs, with its writes. */
interface ChaosRole extends AutoCloseable {
  /** Starts the recipe; returns once it runs (not once it owns anything). */
  void start() throws Exception;

  /** Stops writing and closes the recipe (handing ownership over); idempotent. */
  @Override
  void close();
}
