// SPDX-License-Identifier: Apache-2.0
package dev.baton.recipes;

import java.util.Collections;
import java.util.Iterator;
import java.util.LinkedHashSet;
import org.jspecify.annotations.Nullable;

/**
 * The last {@code max} names added, the eldest dropped first; nothing is allocated before the first
 * add (most candidates never see a dead entry, and an election may have thousands of them). Not
 * thread-safe: its owner guards it.
 */
final class RecentNames implements Iterable<String> {
  private final int max;
  private @Nullable LinkedHashSet<String> names;

  RecentNames(int max) {
    this.max = max;
  }

  boolean contains(String name) {
    return names != null && names.contains(name);
  }

  /** Adds {@code name}; past {@code max} names the eldest goes. */
  void add(String name) {
    LinkedHashSet<String> n = names;
    if (n == null) {
      n = new LinkedHashSet<>();
      names = n;
    }
    if (n.add(name) && n.size() > max) {
      Iterator<String> eldest = n.iterator();
      eldest.next();
      eldest.remove();
    }
  }

  @Override
  public String toString() {
    return names == null ? "[]" : names.toString();
  }

  @Override
  public Iterator<String> iterator() {
    return names == null ? Collections.emptyIterator() : names.iterator();
  }
}
