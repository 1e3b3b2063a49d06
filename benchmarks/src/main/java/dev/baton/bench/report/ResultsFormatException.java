// SPDX-License-Identifier: Apache-2.0
package dev.baton.bench.report;

/**
 * A results file, a {@code RESULT} line or the README's markers are not in the expected form; the
 * message names the file and line.
 */
public final class ResultsFormatException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  /**
   * @param message what is wrong, and where
   */
  public ResultsFormatException(String message) {
    super(message);
  }
}
