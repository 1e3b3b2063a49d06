// SPDX-License-Identifier: Apache-2.0
package dev.baton.fencing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * An action that was interrupted (it threw InterruptedException, which cleared the thread's flag)
 * fails the fenced write with an unchecked exception, and the fence sets the flag again so that the
 * caller still sees the interruption.
 */
class InterruptedActionTest {
  @AfterEach
  void clearInterrupt() {
    Thread.interrupted(); // never leak an interrupt into the next test
  }

  @Test
  void anInterruptedActionFailsTheWriteAndKeepsTheInterruptFlag() {
    InMemoryFence fence = new InMemoryFence();
    FencingToken token = FencingToken.of("/test/leader", 7);
    assertThatThrownBy(
            () ->
                fence.write(
                    "orders",
                    token,
                    ctx -> {
                      throw new InterruptedException("the action's wait was interrupted");
                    }))
        .isInstanceOf(FencingException.class)
        .hasCauseInstanceOf(InterruptedException.class);
    assertThat(Thread.currentThread().isInterrupted()).isTrue();
    Thread.interrupted();
    assertThat(fence.highest("orders")).isEmpty();
  }
}
