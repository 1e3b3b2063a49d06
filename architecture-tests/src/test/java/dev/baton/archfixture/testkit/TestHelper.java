// SPDX-License-Identifier: Apache-2.0
package dev.baton.archfixture.testkit;

/** The fixture test support module. */
public class TestHelper {
  public static int help() {
    return 5;
  }
}
