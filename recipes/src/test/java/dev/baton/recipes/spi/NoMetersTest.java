// SPDX-License-Identifier: Apache-2.0
package dev.baton.recipes.spi;

import static org.assertj.core.api.Assertions.assertThat;

import dev.baton.recipes.election.ElectionConfig;
import dev.baton.recipes.lock.LockConfig;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.composite.CompositeMeterRegistry;
import org.junit.jupiter.api.Test;

class NoMetersTest {
  @Test
  void aMeterRegisteredInItIsNotKept() {
    Counter counter = Counter.builder("baton.test.kept").tag("t", "1").register(NoMeters.REGISTRY);
    counter.increment();

    assertThat(NoMeters.REGISTRY.getMeters()).isEmpty();
    assertThat(NoMeters.REGISTRY.find("baton.test.kept").counter()).isNull();
  }

  @Test
  void aPlainCompositeRegistryKeepsItsMeters() {
    // The negative control: what every recipe without a registry used to hold per instance.
    MeterRegistry composite = new CompositeMeterRegistry();
    Counter.builder("baton.test.kept").register(composite);

    assertThat(composite.getMeters()).hasSize(1);
  }

  @Test
  void recipesWithoutARegistryShareIt() {
    assertThat(ElectionConfig.builder("/a").build().meterRegistry()).isSameAs(NoMeters.REGISTRY);
    assertThat(LockConfig.builder("/b").build().meterRegistry()).isSameAs(NoMeters.REGISTRY);
  }
}
