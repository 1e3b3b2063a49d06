// SPDX-License-Identifier: Apache-2.0
package dev.baton.recipes;

/**
 * Loads, links and initializes classes ahead of need: a closing leader's path often first runs in a
 * shutdown hook, where each class loaded from a jar delays the successor by 0.1 ms or more.
 */
final class Preload {
  private Preload() {}

  /** Loads, links and initializes each of {@code classes}. */
  public static void classes(Class<?>... classes) {
    for (Class<?> c : classes) {
      try {
        Class.forName(c.getName(), true, c.getClassLoader());
      } catch (ClassNotFoundException e) { // cannot happen: the class object exists
        throw new IllegalStateException("cannot load " + c.getName(), e);
      }
    }
  }
}
