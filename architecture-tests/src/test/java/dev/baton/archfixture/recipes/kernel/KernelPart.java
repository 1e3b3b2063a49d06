// SPDX-License-Identifier: Apache-2.0
package dev.baton.archfixture.recipes.kernel;

/** The recipes' machinery: public to the library's modules, not to framework integrations. */
public final class KernelPart {
  private KernelPart() {}

  /** A value. */
  public static int loop() {
    return 3;
  }
}
