// SPDX-License-Identifier: Apache-2.0
package dev.baton.archfixture.recipes.election.internal;

/** An internal class of the fixture election. */
public class ElectionSecret {
  public static int secret() {
    return 3;
  }
}
