// SPDX-License-Identifier: Apache-2.0
package dev.baton.fencing;

import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;

class InMemoryFenceTest extends FenceContractTest<Void> {
  private final InMemoryFence fence = new InMemoryFence();
  private final Map<String, List<String>> store = new ConcurrentHashMap<>();

  @Override
  protected Fence<Void> fence() {
    return fence;
  }

  @Override
  protected FencedAction<Void, Void> writeMarker(String resource, String marker, long token) {
    return ctx -> {
      store.computeIfAbsent(resource, r -> new CopyOnWriteArrayList<>()).add(marker + ":" + token);
      return null;
    };
  }

  @Override
  protected List<String> committed(String resource) {
    return List.copyOf(store.getOrDefault(resource, List.of()));
  }

  /** The in-memory fence cannot undo what a failed action changed; it keeps the high-water mark. */
  @Override
  @org.junit.jupiter.api.Test
  public void aFailingActionLeavesTheHighWaterMarkAndTheStoreUnchanged() {
    String r = newResource();
    fence.write(r, FencingToken.of("/test/leader", 5), ctx -> null);
    org.assertj.core.api.Assertions.assertThatThrownBy(
            () ->
                fence.write(
                    r,
                    FencingToken.of("/test/leader", 9),
                    ctx -> {
                      throw new java.io.IOException("disk full");
                    }))
        .isInstanceOf(FencingException.class)
        .hasRootCauseMessage("disk full");
    org.assertj.core.api.Assertions.assertThat(fence.highest(r))
        .contains(FencingToken.of("/test/leader", 5));
  }
}
