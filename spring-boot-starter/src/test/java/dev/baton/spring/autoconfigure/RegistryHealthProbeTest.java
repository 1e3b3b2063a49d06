// SPDX-License-Identifier: Apache-2.0
package dev.baton.spring.autoconfigure;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.springframework.boot.health.contributor.CompositeHealthContributor;
import org.springframework.boot.health.contributor.Health;
import org.springframework.boot.health.contributor.HealthIndicator;
import org.springframework.boot.health.registry.DefaultHealthContributorRegistry;

class RegistryHealthProbeTest {
  private final HealthIndicator up = () -> Health.up().build();
  private final HealthIndicator down = () -> Health.down().build();
  private final HealthIndicator outOfService = () -> Health.outOfService().build();
  private final HealthIndicator failing =
      () -> {
        throw new IllegalStateException("boom");
      };

  @Test
  void anExcludedContributorNeverCounts() {
    DefaultHealthContributorRegistry registry = new DefaultHealthContributorRegistry();
    CompositeHealthContributor baton = CompositeHealthContributor.fromMap(Map.of("billing", down));
    registry.registerContributor("baton", baton);
    registry.registerContributor("db", up);
    assertThat(new RegistryHealthProbe(registry, List.of(baton)).unhealthy()).isEmpty();
    assertThat(new RegistryHealthProbe(registry, List.of()).unhealthy())
        .contains("baton/billing is DOWN");
  }

  @Test
  void downOutOfServiceAndFailuresAreUnhealthy() {
    DefaultHealthContributorRegistry registry = new DefaultHealthContributorRegistry();
    registry.registerContributor("db", down);
    assertThat(new RegistryHealthProbe(registry, List.of()).unhealthy()).contains("db is DOWN");
    registry.unregisterContributor("db");
    registry.registerContributor("readinessState", outOfService);
    assertThat(new RegistryHealthProbe(registry, List.of()).unhealthy())
        .contains("readinessState is OUT_OF_SERVICE");
    registry.unregisterContributor("readinessState");
    registry.registerContributor("broken", failing);
    assertThat(new RegistryHealthProbe(registry, List.of()).unhealthy().orElseThrow())
        .startsWith("broken failed: java.lang.IllegalStateException: boom");
    registry.unregisterContributor("broken");
    registry.registerContributor("ok", up);
    assertThat(new RegistryHealthProbe(registry, List.of()).unhealthy()).isEmpty();
  }
}
