// SPDX-License-Identifier: Apache-2.0
package dev.baton.archfixture.bench;

/** The fixture benchmarks, using public API: allowed. */
public class BenchApp {
  public static int measure() {
    return dev.baton.archfixture.partition.PartitionApi.own();
  }
}

/** Breaks "the demo and the benchmarks use public API only". */
class UsesFencingInternal {
  int use() {
    return dev.baton.archfixture.fencing.internal.FenceSecret.secret();
  }
}
