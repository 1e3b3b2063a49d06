// SPDX-License-Identifier: Apache-2.0
package dev.baton.spring.autoconfigure;

import dev.baton.spring.availability.HealthProbe;
import java.util.Collection;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.Optional;
import java.util.Set;
import org.springframework.boot.health.application.LivenessStateHealthIndicator;
import org.springframework.boot.health.application.ReadinessStateHealthIndicator;
import org.springframework.boot.health.contributor.CompositeHealthContributor;
import org.springframework.boot.health.contributor.Health;
import org.springframework.boot.health.contributor.HealthContributor;
import org.springframework.boot.health.contributor.HealthContributors;
import org.springframework.boot.health.contributor.HealthIndicator;
import org.springframework.boot.health.contributor.Status;
import org.springframework.boot.health.registry.HealthContributorRegistry;

/**
 * Reads the health of every {@link HealthContributorRegistry} contributor (composites recursively,
 * reactive ones not), except excluded ones (Baton's own, lest leaving feed back into leaving) and
 * Spring's {@link LivenessStateHealthIndicator} and {@link ReadinessStateHealthIndicator}, down
 * during start-up. Unhealthy if one is down, out of service or throws.
 */
final class RegistryHealthProbe implements HealthProbe {
  private final HealthContributorRegistry registry;
  private final Set<HealthContributor> excluded;

  /** A probe of {@code registry} that skips the contributors {@code excluded} (by identity). */
  RegistryHealthProbe(
      HealthContributorRegistry registry, Collection<? extends HealthContributor> excluded) {
    this.registry = registry;
    Set<HealthContributor> set = Collections.newSetFromMap(new IdentityHashMap<>());
    set.addAll(excluded);
    this.excluded = set;
  }

  @Override
  public Optional<String> unhealthy() {
    return check("", registry);
  }

  private Optional<String> check(String prefix, HealthContributors contributors) {
    for (HealthContributors.Entry entry : contributors) {
      HealthContributor c = entry.contributor();
      if (excluded.contains(c)
          || c instanceof LivenessStateHealthIndicator
          || c instanceof ReadinessStateHealthIndicator) {
        continue;
      }
      String name = prefix + entry.name();
      Optional<String> problem = Optional.empty();
      if (c instanceof HealthIndicator indicator) {
        problem = check(name, indicator);
      } else if (c instanceof CompositeHealthContributor composite) {
        problem = check(name + "/", composite);
      }
      if (problem.isPresent()) {
        return problem;
      }
    }
    return Optional.empty();
  }

  private static Optional<String> check(String name, HealthIndicator indicator) {
    Status status;
    try {
      Health health = indicator.health(false);
      if (health == null) {
        return Optional.empty();
      }
      status = health.getStatus();
    } catch (RuntimeException e) {
      return Optional.of(name + " failed: " + e);
    }
    if (Status.DOWN.equals(status) || Status.OUT_OF_SERVICE.equals(status)) {
      return Optional.of(name + " is " + status.getCode());
    }
    return Optional.empty();
  }
}
