// SPDX-License-Identifier: Apache-2.0
package dev.baton.fencing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.junit.jupiter.api.Test;

class FencingTokenTest {
  @Test
  void ordersByValueAndIsAValue() {
    FencingToken a = FencingToken.of(41);
    FencingToken b = FencingToken.of(42);
    assertThat(a).isLessThan(b);
    assertThat(b.isNewerThan(a)).isTrue();
    assertThat(a.isOlderThan(b)).isTrue();
    assertThat(a.isNewerThan(a)).isFalse();
    assertThat(FencingToken.of(42)).isEqualTo(b).hasSameHashCodeAs(b);
    List<FencingToken> tokens = new ArrayList<>(List.of(b, FencingToken.of(7), a));
    Collections.sort(tokens);
    assertThat(tokens).extracting(FencingToken::value).containsExactly(7L, 41L, 42L);
  }

  @Test
  void stringFormRoundTrips() {
    FencingToken t = FencingToken.of(4294967302L);
    assertThat(t).hasToString("ft:4294967302");
    assertThat(FencingToken.parse(t.toString())).isEqualTo(t);
    assertThat(FencingToken.parse("17")).isEqualTo(FencingToken.of(17));
  }

  @Test
  void scopedTokensCarryTheirScope() {
    FencingToken t = FencingToken.of("/billing/leader", 42);
    assertThat(t).hasToString("ft:42@/billing/leader");
    assertThat(FencingToken.parse(t.toString())).isEqualTo(t);
    assertThat(t).isNotEqualTo(FencingToken.of(42));
    assertThat(t.sameScopeAs(FencingToken.of("/billing/leader", 7))).isTrue();
    assertThat(t.sameScopeAs(FencingToken.of("/other", 42))).isFalse();
    assertThatThrownBy(() -> FencingToken.of("a@b", 1))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> FencingToken.of(null, 1))
        .isInstanceOf(NullPointerException.class)
        .hasMessage("scope");
  }

  @Test
  void rejectsBadInput() {
    assertThatThrownBy(() -> FencingToken.of(-1))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("negative");
    assertThatThrownBy(() -> FencingToken.parse(null))
        .isInstanceOf(NullPointerException.class)
        .hasMessage("text");
    assertThatThrownBy(() -> FencingToken.parse("ft:abc"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("ft:abc");
    assertThatThrownBy(() -> FencingToken.parse("ft:-5"))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> FencingToken.of(1).isNewerThan(null))
        .isInstanceOf(NullPointerException.class);
  }
}
