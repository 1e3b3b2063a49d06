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

  @Test
  void parseAcceptsOnlyAsciiDigitsWithoutSign() {
    assertThat(FencingToken.parse("ft:007")).isEqualTo(FencingToken.of(7));
    assertThat(FencingToken.parse("0")).isEqualTo(FencingToken.of(0));
    assertThat(FencingToken.parse("ft:" + Long.MAX_VALUE + "@/s"))
        .isEqualTo(FencingToken.of("/s", Long.MAX_VALUE));
    for (String bad :
        List.of(
            "+1",
            "ft:+1",
            "-0",
            "ft:-0@/s",
            "\u0661",
            "ft:\u0661\u0662",
            "\uff11",
            "ft:\uff11@/s",
            " 1",
            "1 ",
            "ft:",
            "ft:@/s",
            "")) {
      assertThatThrownBy(() -> FencingToken.parse(bad))
          .as(bad)
          .isInstanceOf(IllegalArgumentException.class)
          .hasMessageContaining("ASCII digits");
    }
    assertThatThrownBy(() -> FencingToken.parse("ft:9223372036854775808"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("more than " + Long.MAX_VALUE);
  }

  @Test
  void parseEscapesAndTruncatesTheRejectedInput() {
    String huge = "ft:1x\r\nFORGED log line " + "a".repeat(1 << 20);
    assertThatThrownBy(() -> FencingToken.parse(huge))
        .isInstanceOf(IllegalArgumentException.class)
        .satisfies(
            e -> {
              String message = e.getMessage();
              assertThat(message).doesNotContain("\r", "\n").contains("\\u000d\\u000a");
              assertThat(message).contains("(" + huge.length() + " characters)");
              assertThat(message.length()).isLessThan(300);
            });
    String hugeScope = "ft:1@" + "\n".repeat(FencingToken.MAX_SCOPE_LENGTH + 1);
    assertThatThrownBy(() -> FencingToken.parse(hugeScope))
        .isInstanceOf(IllegalArgumentException.class)
        .satisfies(
            e -> {
              assertThat(e.getMessage()).doesNotContain("\n").contains("\\u000a");
              assertThat(e.getMessage().length()).isLessThan(1000);
            });
  }
}
