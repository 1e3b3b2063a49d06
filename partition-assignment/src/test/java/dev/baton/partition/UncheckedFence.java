// SPDX-License-Identifier: Apache-2.0
package dev.baton.partition;

import dev.baton.fencing.Fence;
import dev.baton.fencing.FencedAction;
import dev.baton.fencing.FencingToken;
import java.util.Optional;

/**
 * A fence with its check switched off, for negative controls: every write runs, whatever its token.
 * What a system without fencing does.
 */
final class UncheckedFence implements Fence<Void> {
  @Override
  @SuppressWarnings("NullAway") // the context of a Void fence is null, as InMemoryFence passes
  public <T> T write(String resource, FencingToken token, FencedAction<Void, T> action) {
    try {
      return action.apply(null);
    } catch (RuntimeException e) {
      throw e;
    } catch (Exception e) {
      throw new IllegalStateException("write of " + resource + " failed", e);
    }
  }

  @Override
  public Optional<FencingToken> highest(String resource) {
    return Optional.empty();
  }
}
