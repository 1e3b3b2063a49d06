// SPDX-License-Identifier: Apache-2.0
package dev.baton.bench.chaos;

/** The harness could not drive a trial (a client did not start, the ensemble did not come back). */
public final class ChaosFailure extends RuntimeException {
  private static final long serialVersionUID = 1L;

  public ChaosFailure(String message) {
    super(message);
  }

  public ChaosFailure(String message, Throwable cause) {
    super(message, cause);
  }
}
