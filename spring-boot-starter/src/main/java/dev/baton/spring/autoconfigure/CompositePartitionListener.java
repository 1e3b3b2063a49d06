// SPDX-License-Identifier: Apache-2.0
package dev.baton.spring.autoconfigure;

import dev.baton.partition.PartitionListener;
import dev.baton.partition.PartitionOwnership;
import dev.baton.recipes.RevocationReason;
import java.util.List;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Several {@link PartitionListener}s as one: {@code assigned} runs them in order, {@code revoked}
 * in reverse. Every listener is called even if an earlier one threw; the first failure is then
 * rethrown so that the member logs and counts it.
 */
final class CompositePartitionListener implements PartitionListener {
  private static final Logger log = LoggerFactory.getLogger(CompositePartitionListener.class);

  private final List<PartitionListener> listeners;

  /** The listeners, in the order they are told of an assignment. */
  CompositePartitionListener(List<PartitionListener> listeners) {
    this.listeners = List.copyOf(listeners);
  }

  @Override
  public void assigned(PartitionOwnership lease) {
    RuntimeException first = null;
    for (PartitionListener l : listeners) {
      first = call(first, () -> l.assigned(lease));
    }
    rethrow(first);
  }

  @Override
  public void revoked(PartitionOwnership lease, RevocationReason reason) {
    RuntimeException first = null;
    for (int i = listeners.size() - 1; i >= 0; i--) {
      PartitionListener l = listeners.get(i);
      first = call(first, () -> l.revoked(lease, reason));
    }
    rethrow(first);
  }

  private static @Nullable RuntimeException call(
      @Nullable RuntimeException first, Runnable callback) {
    try {
      callback.run();
      return first;
    } catch (RuntimeException e) {
      if (first == null) {
        return e;
      }
      log.warn("a further partition listener failed as well", e);
      first.addSuppressed(e);
      return first;
    }
  }

  private static void rethrow(@Nullable RuntimeException first) {
    if (first != null) {
      throw first;
    }
  }

  @Override
  public String toString() {
    return "CompositePartitionListener" + listeners;
  }
}
