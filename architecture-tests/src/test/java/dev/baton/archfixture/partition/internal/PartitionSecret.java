// SPDX-License-Identifier: Apache-2.0
package dev.baton.archfixture.partition.internal;

/** An internal class of the fixture partition module. */
public class PartitionSecret {
  public static int secret() {
    return 4;
  }
}
