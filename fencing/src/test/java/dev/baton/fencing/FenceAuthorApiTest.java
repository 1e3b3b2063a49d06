// SPDX-License-Identifier: Apache-2.0
package dev.baton.fencing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatNoException;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The statics a fence for another store is written with. {@link FenceContractTest} checks them
 * through each fence's {@code write}.
 */
class FenceAuthorApiTest {
  private static final FencingToken TOKEN = FencingToken.of("/test/leader", 7);

  @AfterEach
  void clearInterrupt() {
    Thread.interrupted(); // never leak an interrupt into the next test
  }

  @Test
  void checkWriteRejectsEachBadArgumentNamingIt() {
    assertThatNoException().isThrownBy(() -> Fence.checkWrite("x".repeat(255), TOKEN));
    assertThatThrownBy(() -> Fence.checkWrite(null, TOKEN))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("the fenced resource name must not be empty");
    assertThatThrownBy(() -> Fence.checkWrite("x".repeat(256), TOKEN))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("the fenced resource name is longer than 255");
    assertThatThrownBy(() -> Fence.checkWrite("a\nb", TOKEN))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("control characters");
    assertThatThrownBy(() -> Fence.checkWrite("orders", null))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("fencing token");
  }

  @Test
  void checkTokenPassesEqualAndHigherTokensAndRejectsLowerAndForeignOnes() {
    Fence.checkToken("orders", TOKEN, TOKEN);
    Fence.checkToken("orders", FencingToken.of("/test/leader", 8), TOKEN);
    assertThatThrownBy(() -> Fence.checkToken("orders", FencingToken.of("/test/leader", 6), TOKEN))
        .isInstanceOfSatisfying(
            StaleTokenException.class,
            e -> {
              assertThat(e.resource()).isEqualTo("orders");
              assertThat(e.current()).contains(TOKEN);
            });
    assertThatThrownBy(() -> Fence.checkToken("orders", FencingToken.of("/other", 9), TOKEN))
        .isInstanceOfSatisfying(
            ForeignTokenException.class,
            e -> assertThat(e.expectedScope()).isEqualTo("/test/leader"));
  }

  @Test
  void rethrowPassesUncheckedExceptionsAndWrapsCheckedOnes() {
    IllegalStateException unchecked = new IllegalStateException("user code failed");
    assertThat(Fence.rethrow("orders", unchecked)).isSameAs(unchecked);
    IOException checked = new IOException("disk full");
    assertThat(Fence.rethrow("orders", checked))
        .isInstanceOfSatisfying(
            FencingException.class, e -> assertThat(e.resource()).isEqualTo("orders"))
        .hasMessage("the fenced write to 'orders' failed: java.io.IOException: disk full")
        .hasCause(checked);
    assertThat(Thread.currentThread().isInterrupted()).isFalse();
    assertThat(Fence.rethrow("orders", new InterruptedException()))
        .hasCauseInstanceOf(InterruptedException.class);
    assertThat(Thread.currentThread().isInterrupted()).isTrue();
  }
}
