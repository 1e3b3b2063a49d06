// SPDX-License-Identifier: Apache-2.0
package dev.baton.recipes.spi;

import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.composite.CompositeMeterRegistry;
import io.micrometer.core.instrument.config.MeterFilter;

/**
 * The registry of a recipe configured without one: a single shared registry that denies every
 * meter, so a meter registered in it is a no-op that the registry does not keep.
 *
 * <p>Before it, every election, lock and partition group built without a registry made a {@code
 * CompositeMeterRegistry} of its own and registered its meters there, where nothing read them:
 * about 6 KiB per candidate, a quarter of a whole candidate's heap when one JVM runs a thousand
 * ({@code benchmarks/run election-scale}). Recipes that keep counts for health read keep them in
 * fields of their own, never in the meters.
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
