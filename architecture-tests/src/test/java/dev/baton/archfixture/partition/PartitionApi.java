// SPDX-License-Identifier: Apache-2.0
package dev.baton.archfixture.partition;

/**
 * Public API of the fixture partition module; uses the public API and the shared helpers of the
 * modules below, and its own internal package: allowed.
 */
public class PartitionApi {
  public static int own() {
    return dev.baton.archfixture.recipes.RecipeApi.lead()
        + dev.baton.archfixture.fencing.FenceApi.token()
        + dev.baton.archfixture.internal.SharedHelper.help()
        + dev.baton.archfixture.partition.internal.PartitionSecret.secret();
  }
}

/** Breaks "partition uses no recipes or fencing internals". */
class UsesRecipesInternal {
  int use() {
    return dev.baton.archfixture.recipes.election.internal.ElectionSecret.secret();
  }
}

/** Breaks "partition uses no recipes or fencing internals". */
class UsesFencingInternal {
  int use() {
    return dev.baton.archfixture.fencing.internal.FenceSecret.secret();
  }
}

/** Breaks "partition depends on no demo or benchmarks". */
class UsesDemo {
  int use() {
    return dev.baton.archfixture.demo.DemoApp.run();
  }
}

/** Breaks "the library uses no Spring". */
class UsesSpring {
  Object use() {
    return dev.baton.archfixture.spring.SpringApi.bean();
  }
}
