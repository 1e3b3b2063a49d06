// SPDX-License-Identifier: Apache-2.0
package dev.baton.recipes.spi;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.Meter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Tag;
import io.micrometer.core.instrument.Tags;
import io.micrometer.core.instrument.Timer;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import org.jspecify.annotations.Nullable;

/**
 * The meters of one recipe instance, owned in its registry until it closes: "the newest instance
 * with the same tags reports". A registry returns the meter already under an id, so a re-created
 * recipe would report the dead instance's gauges for ever: a new owner removes the meters its tags
 * name before registering its own (gauges hold state strongly, never NaN), and {@link #close}
 * removes them unless a newer owner took over. Construct and register the first meters holding
 * {@link #LOCK}, so two owners of one tag set never share meters. Thread-safe.
 */
public final class OwnedMeters implements AutoCloseable {
  /** Serializes taking over and removing meters, across all registries. */
  public static final Object LOCK = new Object();

  private final MeterRegistry registry;
  private final Tags tags;
  private final List<Meter> meters = new ArrayList<>(); // guarded by LOCK
  private final Map<String, Counter> lazy = new ConcurrentHashMap<>();
  private @Nullable Meter first; // guarded by LOCK
  private boolean closed; // guarded by LOCK

  /** Takes over the meters called {@code names} with {@code tags}. Call under {@link #LOCK}. */
  public OwnedMeters(MeterRegistry registry, Tags tags, List<String> names) {
    this.registry = Objects.requireNonNull(registry, "registry");
    this.tags = Objects.requireNonNull(tags, "tags");
    Objects.requireNonNull(names, "names");
    synchronized (LOCK) {
      for (String name : names) {
        registry.find(name).tags(tags).meters().forEach(registry::remove);
      }
    }
  }

  /** A gauge of {@code value}, held strongly. */
  public Gauge gauge(String name, AtomicLong value) {
    return own(
        Gauge.builder(name, value, AtomicLong::get)
            .tags(tags)
            .strongReference(true)
            .register(registry));
  }

  /** A counter, with {@code extra} tags besides the owner's. */
  public Counter counter(String name, Tag... extra) {
    return own(Counter.builder(name).tags(tags).tags(List.of(extra)).register(registry));
  }

  /** A timer. */
  public Timer timer(String name) {
    return own(Timer.builder(name).tags(tags).register(registry));
  }

  /** Increments counter {@code name} (with {@code tag} if not null); a no-op once closed. */
  public void increment(String name, @Nullable Tag tag) {
    String key = tag == null ? name : name + '\u0000' + tag.getKey() + '\u0000' + tag.getValue();
    Counter counter = lazy.get(key);
    if (counter == null) {
      synchronized (LOCK) {
        if (closed) {
          return;
        }
        counter = lazy.computeIfAbsent(key, k -> tag == null ? counter(name) : counter(name, tag));
      }
    }
    counter.increment();
  }

  private <M extends Meter> M own(M meter) {
    synchronized (LOCK) {
      if (first == null) {
        first = meter;
      }
      meters.add(meter);
    }
    return meter;
  }

  /** Removes the meters unless a newer owner with the same tags took them over. Idempotent. */
  @Override
  public void close() {
    synchronized (LOCK) {
      if (closed) {
        return;
      }
      closed = true;
      Meter mine = first;
      if (mine != null && registry.getMeters().stream().anyMatch(m -> m == mine)) {
        meters.forEach(registry::remove);
      }
      meters.clear();
    }
  }
}
