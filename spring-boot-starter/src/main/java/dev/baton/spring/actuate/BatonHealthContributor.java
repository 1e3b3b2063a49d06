// SPDX-License-Identifier: Apache-2.0
package dev.baton.spring.actuate;

import dev.baton.spring.election.BatonElection;
import dev.baton.spring.partition.BatonPartitionGroup;
import java.time.Duration;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.stream.Stream;
import org.jspecify.annotations.Nullable;
import org.springframework.boot.health.contributor.CompositeHealthContributor;
import org.springframework.boot.health.contributor.HealthContributor;

/**
 * The {@code baton} health contributor: a child per election and per partition group, named as it
 * ({@code <name>-partitions} for a group named as an election).
 */
public final class BatonHealthContributor implements CompositeHealthContributor {
  private final CompositeHealthContributor delegate;

  /** The contributor of these elections and groups; backend reads are kept for {@code ttl}. */
  public BatonHealthContributor(
      Collection<BatonElection> elections, Collection<BatonPartitionGroup> groups, Duration ttl) {
    Map<String, HealthContributor> children = new LinkedHashMap<>();
    for (BatonElection e : elections) {
      children.put(e.name(), RecipeHealthIndicator.of(e, ttl));
    }
    for (BatonPartitionGroup g : groups) {
      String name = children.containsKey(g.name()) ? g.name() + "-partitions" : g.name();
      children.put(name, RecipeHealthIndicator.of(g, ttl));
    }
    this.delegate = CompositeHealthContributor.fromMap(children);
  }

  @Override
  public @Nullable HealthContributor getContributor(String name) {
    return delegate.getContributor(name);
  }

  @Override
  public Stream<Entry> stream() {
    return delegate.stream();
  }
}
