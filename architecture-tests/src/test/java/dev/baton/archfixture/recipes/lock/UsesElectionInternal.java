// SPDX-License-Identifier: Apache-2.0
package dev.baton.archfixture.recipes.lock;

/** Breaks the general internal rule inside one module: the lock using the election's internals. */
class UsesElectionInternal {
  int use() {
    return dev.baton.archfixture.recipes.election.internal.ElectionSecret.secret();
  }
}
