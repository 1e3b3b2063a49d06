// SPDX-License-Identifier: Apache-2.0
package dev.baton.spring.election;

import dev.baton.recipes.election.Leadership;
import dev.baton.spring.lifecycle.ByName;
import java.util.List;
import java.util.Optional;

/** Elections by name: the {@link ElectionTerms} {@code @LeaderOnly} and {@code @Fenced} read. */
public final class BatonElections extends ByName<BatonElection> implements ElectionTerms {
  /** The registry of {@code elections}; IllegalStateException if two have the same name. */
  public BatonElections(List<BatonElection> elections) {
    super(
        elections, "election", "configure baton.election.%s.path or declare a BatonElection bean");
  }

  @Override
  public Optional<Leadership> leadership(String name) {
    return get(name).leadership();
  }

  @Override
  public boolean isLeader(String name) {
    return get(name).isLeader();
  }
}
