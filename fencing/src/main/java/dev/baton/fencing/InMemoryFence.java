// SPDX-License-Identifier: Apache-2.0
package dev.baton.fencing;

import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import org.jspecify.annotations.Nullable;

/**
 * A fence in memory, for examples and tests: check, action and new high-water mark run under the
 * resource's lock; the action gets {@code null} as context. The mark moves only if the action
 * returns normally; undoing a failed action's changes is its own business. Thread-safe.
 */
public final class InMemoryFence implements Fence<Void> {
  private final ConcurrentMap<String, Slot> slots = new ConcurrentHashMap<>();

  private static final class Slot {
    @Nullable FencingToken highest;
  }

  @Override
  public <T> T write(String resource, FencingToken token, FencedAction<Void, T> action) {
    Fence.checkWrite(resource, token);
    Slot slot = slots.computeIfAbsent(resource, r -> new Slot());
    synchronized (slot) {
      FencingToken highest = slot.highest;
      if (highest != null) {
        Fence.checkToken(resource, token, highest);
      }
      T result;
      try {
        result = applyWithoutContext(action);
      } catch (Exception e) {
        throw Fence.rethrow(resource, e);
      }
      slot.highest = token;
      return result;
    }
  }

  /** Calls with the null {@link Void} context, which NullAway cannot accept on JDK 17. */
  @SuppressWarnings("NullAway")
  private static <T> T applyWithoutContext(FencedAction<Void, T> action) throws Exception {
    return action.apply(null);
  }

  @Override
  public Optional<FencingToken> highest(String resource) {
    Slot slot = slots.get(resource);
    if (slot == null) {
      return Optional.empty();
    }
    synchronized (slot) {
      return Optional.ofNullable(slot.highest);
    }
  }
}
