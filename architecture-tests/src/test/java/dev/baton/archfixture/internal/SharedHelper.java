// SPDX-License-Identifier: Apache-2.0
package dev.baton.archfixture.internal;

/** A shared helper of the library modules (like dev.baton.internal): not for applications. */
public class SharedHelper {
  public static int help() {
    return 6;
  }
}
