// SPDX-License-Identifier: Apache-2.0
package dev.baton.recipes;

/**
 * Loads, links and initializes classes ahead of the path that needs them. A closing leader's path
 * (close, revoked, delete) often runs for the first time in a JVM's shutdown hook, in code that has
 * never run: each class loaded from a jar on the way costs a tenth of a millisecond or more before
 * the successor can be told. The recipes call this from their static initializers, so the cost is
 * paid once, when the first recipe of its kind is created.
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
