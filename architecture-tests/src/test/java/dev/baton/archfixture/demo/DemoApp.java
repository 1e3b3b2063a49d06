// SPDX-License-Identifier: Apache-2.0
package dev.baton.archfixture.demo;

/** The fixture demo, using public API and test support: allowed. */
public class DemoApp {
  public static int run() {
    return dev.baton.archfixture.partition.PartitionApi.own()
        + dev.baton.archfixture.testkit.TestHelper.help();
  }
}

/** Breaks "the demo and the benchmarks use public API only": the library's shared helpers. */
class UsesSupport {
  int use() {
    return dev.baton.archfixture.internal.SharedHelper.help();
  }
}

/** Breaks "the demo and the benchmarks use public API only". */
class UsesPartitionInternal {
  int use() {
    return dev.baton.archfixture.partition.internal.PartitionSecret.secret();
  }
}
