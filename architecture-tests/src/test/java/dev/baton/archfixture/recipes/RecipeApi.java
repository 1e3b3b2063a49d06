// SPDX-License-Identifier: Apache-2.0
package dev.baton.archfixture.recipes;

/** Public API of the fixture recipes module; uses fencing's public API, which is allowed. */
public class RecipeApi {
  public static int lead() {
    return dev.baton.archfixture.fencing.FenceApi.token();
  }
}

/** Breaks "recipes use no fencing internals" (and the general internal rule). */
class UsesFencingInternal {
  int use() {
    return dev.baton.archfixture.fencing.internal.FenceSecret.secret();
  }
}

/** Breaks "recipes depend on no partition, demo or benchmarks". */
class UsesPartition {
  int use() {
    return dev.baton.archfixture.partition.PartitionApi.own();
  }
}

/** Breaks "library code uses no test support". */
class UsesTestkit {
  int use() {
    return dev.baton.archfixture.testkit.TestHelper.help();
  }
}
