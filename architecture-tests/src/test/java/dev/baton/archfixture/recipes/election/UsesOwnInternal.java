// SPDX-License-Identifier: Apache-2.0
package dev.baton.archfixture.recipes.election;

/** The election using its own internal package: allowed. */
public class UsesOwnInternal {
  public static int use() {
    return dev.baton.archfixture.recipes.election.internal.ElectionSecret.secret();
  }
}
