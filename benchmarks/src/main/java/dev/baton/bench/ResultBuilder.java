// SPDX-License-Identifier: Apache-2.0
package dev.baton.bench;

/** Builds one {@code RESULT <scenario> key=value ...} line. */
public final class ResultBuilder {
  private final StringBuilder line;

  public ResultBuilder(String scenario) {
    line = new StringBuilder("RESULT ").append(scenario);
  }

  /**
   * Appends {@code key=value}.
   *
   * @throws IllegalArgumentException if the value contains a space
   */
  public ResultBuilder add(String key, Object value) {
    String v = String.valueOf(value);
    if (v.contains(" ") || v.isEmpty()) {
      throw new IllegalArgumentException("the value of " + key + " must be one word: '" + v + "'");
    }
    line.append(' ').append(key).append('=').append(v);
    return this;
  }

  @Override
  public String toString() {
    return line.toString();
  }
}
