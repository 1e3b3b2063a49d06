// SPDX-License-Identifier: Apache-2.0
package dev.baton.recipes;

/** A broken invariant in the run with {@code seed}. */
final class Violation extends RuntimeException {
  final long seed;
  final Settings settings;

  Violation(long seed, Settings settings, String message) {
    super(message, null, false, false);
    this.seed = seed;
    this.settings = settings;
  }
}
