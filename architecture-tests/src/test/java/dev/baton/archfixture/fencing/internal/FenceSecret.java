// SPDX-License-Identifier: Apache-2.0
package dev.baton.archfixture.fencing.internal;

/** An internal class of the fixture fencing module. */
public class FenceSecret {
  public static int secret() {
    return 2;
  }
}
