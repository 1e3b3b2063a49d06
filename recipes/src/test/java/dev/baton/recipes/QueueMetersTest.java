// SPDX-License-Identifier: Apache-2.0
package dev.baton.recipes;

import static org.assertj.core.api.Assertions.assertThat;

import dev.baton.recipes.spi.NoMeters;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import org.junit.jupiter.api.Test;

class QueueMetersTest {
  private static final String PATH = "/billing/leader";
  private static final String ID = "node-1";
  private final MeterRegistry registry = new SimpleMeterRegistry();

  private double counter(String name) {
    return registry.get(name).tags("election", PATH, "participant", ID).counter().count();
  }

  @Test
  void withTheRegistryNoneNothingIsRegisteredAndTheCountIsKept() {
    QueueMeters none = new QueueMeters(NoMeters.REGISTRY, PATH, ID);
    none.watchEvent();
    none.ignoredChild();
    assertThat(NoMeters.REGISTRY.getMeters()).isEmpty();
    assertThat(none.watchEvents()).isEqualTo(1);
    none.close();
  }

  @Test
  void countsWatchEventsAndIgnoredChildrenUntilClosed() {
    QueueMeters real = new QueueMeters(registry, PATH, ID);
    real.watchEvent();
    real.ignoredChild();
    real.ignoredChild();
    assertThat(real.watchEvents()).isEqualTo(1);
    assertThat(counter("baton.election.watch.events")).isEqualTo(1.0);
    assertThat(counter("baton.election.ignored.children")).isEqualTo(2.0);
    real.close();
    assertThat(registry.getMeters()).isEmpty();
  }
}
