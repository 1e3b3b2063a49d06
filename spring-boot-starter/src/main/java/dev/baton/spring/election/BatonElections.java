// SPDX-License-Identifier: Apache-2.0
package dev.baton.spring.election;

import dev.baton.recipes.election.Leadership;
import java.util.Collection;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The application's elections by name: every {@link BatonElection} bean, whether from {@code
 * baton.election.<name>} or declared by the application. The {@link ElectionTerms} that
 * {@code @LeaderOnly}, {@code @Fenced} and the Actuator views read. Immutable; thread-safe.
 */
public final class BatonElections implements ElectionTerms {
  private final Map<String, BatonElection> byName;

  /**
   * The registry of {@code elections}.
   *
   * @throws IllegalStateException if two elections have the same name
   */
  public BatonElections(List<BatonElection> elections) {
    Map<String, BatonElection> map = new LinkedHashMap<>();
    for (BatonElection e : elections) {
      BatonElection previous = map.putIfAbsent(e.name(), e);
      if (previous != null) {
        throw new IllegalStateException(
            "two BatonElection beans are named '"
                + e.name()
                + "' ("
                + previous
                + " and "
                + e
                + "): election names must be unique");
      }
    }
    this.byName = Collections.unmodifiableMap(map);
  }

  /**
   * The election {@code name}.
   *
   * @throws IllegalArgumentException if there is none of that name (the message lists the names)
   */
  public BatonElection get(String name) {
    BatonElection e = byName.get(name);
    if (e == null) {
      throw new IllegalArgumentException(
          "no Baton election named '"
              + name
              + "'; the elections are "
              + byName.keySet()
              + " (configure baton.election."
              + name
              + ".path or declare a BatonElection bean)");
    }
    return e;
  }

  /** Every election, in bean order. */
  public Collection<BatonElection> all() {
    return byName.values();
  }

  @Override
  public Set<String> names() {
    return byName.keySet();
  }

  @Override
  public Optional<Leadership> leadership(String name) {
    return get(name).leadership();
  }

  @Override
  public boolean isLeader(String name) {
    return get(name).isLeader();
  }

  @Override
  public String toString() {
    return "BatonElections" + byName.keySet();
  }
}
