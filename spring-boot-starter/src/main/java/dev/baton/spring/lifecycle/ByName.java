// SPDX-License-Identifier: Apache-2.0
package dev.baton.spring.lifecycle;

import java.util.Collection;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** The application's elections or partition groups by name. Immutable; thread-safe. */
public abstract class ByName<T extends RejoinableLifecycle<?>> {
  private final Map<String, T> byName;
  private final String kind;
  private final String hint;

  /** The registry of {@code beans}; {@code kind} and {@code hint} (%s: name) go in messages. */
  protected ByName(List<T> beans, String kind, String hint) {
    Map<String, T> map = new LinkedHashMap<>();
    for (T b : beans) {
      T previous = map.putIfAbsent(b.name(), b);
      if (previous != null) {
        throw new IllegalStateException(
            "two %s beans are named '%s' (%s and %s): %s names must be unique"
                .formatted(b.getClass().getSimpleName(), b.name(), previous, b, kind));
      }
    }
    this.byName = Collections.unmodifiableMap(map);
    this.kind = kind;
    this.hint = hint;
  }

  /** The bean {@code name}; {@link IllegalArgumentException} listing the names if there is none. */
  public T get(String name) {
    T b = byName.get(name);
    if (b == null) {
      throw new IllegalArgumentException(
          "no Baton %s named '%s'; the names are %s (%s)"
              .formatted(kind, name, byName.keySet(), hint.formatted(name)));
    }
    return b;
  }

  /** The names. */
  public Set<String> names() {
    return byName.keySet();
  }

  /** Every bean, in bean order. */
  public Collection<T> all() {
    return byName.values();
  }

  @Override
  public String toString() {
    return getClass().getSimpleName() + byName.keySet();
  }
}
