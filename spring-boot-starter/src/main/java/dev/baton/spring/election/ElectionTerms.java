// SPDX-License-Identifier: Apache-2.0
package dev.baton.spring.election;

import dev.baton.recipes.election.Leadership;
import java.util.Optional;
import java.util.Set;

/** The current terms of the application's elections by name, as {@code @LeaderOnly} reads them. */
public interface ElectionTerms {
  /** The names of the elections this application takes part in. */
  Set<String> names();

  /**
   * The current term of election {@code name} if this instance leads it, active or paused; an
   * unknown name is an {@link IllegalArgumentException} listing the names.
   */
  Optional<Leadership> leadership(String name);

  /** True while this instance holds an active term of election {@code name}. */
  default boolean isLeader(String name) {
    return leadership(name).map(Leadership::isActive).orElse(false);
  }
}
