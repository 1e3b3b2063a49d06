// SPDX-License-Identifier: Apache-2.0
package dev.baton.bench;

/** A sanity check failed during a benchmark: its numbers must not be used. */
public final class BenchmarkFailure extends RuntimeException {
  private static final long serialVersionUID = 1L;

  public BenchmarkFailure(String message) {
    super(message);
  }
}
