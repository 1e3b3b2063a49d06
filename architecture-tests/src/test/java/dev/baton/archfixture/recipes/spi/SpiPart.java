// SPDX-License-Identifier: Apache-2.0
package dev.baton.archfixture.recipes.spi;

/** The recipes' service interface: for recipe and backend authors, not framework integrations. */
public final class SpiPart {
  private SpiPart() {}

  /** A value. */
  public static int loop() {
    return 3;
  }
}
