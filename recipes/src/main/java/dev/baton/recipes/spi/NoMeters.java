// SPDX-License-Identifier: Apache-2.0
package dev.baton.recipes.spi;

import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.composite.CompositeMeterRegistry;
import io.micrometer.core.instrument.config.MeterFilter;

/**
 * The registry of a recipe configured without one: a shared registry denying every meter. A private
 * {@code CompositeMeterRegistry} per recipe cost about 6 KiB per candidate ({@code benchmarks/run
 * election-scale}); counts for health live in recipe fields.
 */
public final class NoMeters {
  /** The shared registry; recipes tell it apart by identity to skip their meters altogether. */
  public static final MeterRegistry REGISTRY = denyAll();

  private NoMeters() {}

  private static MeterRegistry denyAll() {
    MeterRegistry registry = new CompositeMeterRegistry();
    registry.config().meterFilter(MeterFilter.deny());
    return registry;
  }
}
