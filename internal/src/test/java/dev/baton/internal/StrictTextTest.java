// SPDX-License-Identifier: Apache-2.0
package dev.baton.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;
import java.util.regex.Pattern;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.LongRange;
import net.jqwik.api.statistics.Statistics;
import org.junit.jupiter.api.Test;

/** The shared strict decoder: its number parser, its UTF-8 decoding and its line checks. */
class StrictTextTest {
  /** An independent statement of the canonical number. */
  private static final Pattern CANONICAL = Pattern.compile("0|[1-9][0-9]*");

  private static final Function<String, Bad> BAD = Bad::new;

  /** The exception a caller would make; the decoder throws what the caller's function returns. */
  static final class Bad extends RuntimeException {
    Bad(String problem) {
      super(problem);
    }
  }

  @Test
  void numbersAreCanonicalDecimalsOnly() {
    assertThat(StrictText.number("0", 10, "n", BAD)).isZero();
    assertThat(StrictText.number("7", 10, "n", BAD)).isEqualTo(7);
    assertThat(StrictText.number("10", 10, "n", BAD)).isEqualTo(10);
    assertThat(StrictText.number("9223372036854775807", Long.MAX_VALUE, "n", BAD))
        .isEqualTo(Long.MAX_VALUE);
    for (String bad :
        List.of(
            "007", "00", "01", "+7", "-7", "-0", "", " 7", "7 ", "7\n", "\u0667", "0x7", "1_000",
            "1e3", "\uff17")) {
      assertThatThrownBy(() -> StrictText.number(bad, Long.MAX_VALUE, "the value", BAD))
          .as(bad)
          .isInstanceOf(Bad.class)
          .hasMessage("the value is not a canonical number");
    }
    assertThatThrownBy(() -> StrictText.number(null, 1, "n", BAD))
        .hasMessage("n is not a canonical number");
  }

  @Test
  void numbersAboveTheBoundAreOutOfRange() {
    assertThatThrownBy(() -> StrictText.number("11", 10, "weight", BAD))
        .isInstanceOf(Bad.class)
        .hasMessage("weight is out of range: more than 10");
    assertThatThrownBy(() -> StrictText.number("9223372036854775808", Long.MAX_VALUE, "n", BAD))
        .hasMessage("n is out of range: more than " + Long.MAX_VALUE);
    assertThatThrownBy(() -> StrictText.number("9".repeat(5000), Long.MAX_VALUE, "n", BAD))
        .hasMessage("n is out of range: more than " + Long.MAX_VALUE);
    assertThatThrownBy(() -> StrictText.number("1", -1, "n", BAD))
        .isInstanceOf(IllegalArgumentException.class);
  }

  @Property(tries = 1000)
  void everyValueInRangeRoundTrips(@ForAll @LongRange(min = 0, max = Long.MAX_VALUE) long value) {
    assertThat(StrictText.number(Long.toString(value), Long.MAX_VALUE, "n", BAD)).isEqualTo(value);
  }

  @Property(tries = 3000)
  void anyTextIsACanonicalNumberInRangeOrMalformed(
      @ForAll("numberish") String text,
      @ForAll @LongRange(min = 0, max = Long.MAX_VALUE) long max) {
    Optional<Long> parsed;
    try {
      parsed = Optional.of(StrictText.number(text, max, "n", BAD));
    } catch (Bad e) {
      parsed = Optional.empty();
    }
    boolean valid =
        CANONICAL.matcher(text).matches()
            && new java.math.BigInteger(text).compareTo(java.math.BigInteger.valueOf(max)) <= 0;
    assertThat(parsed.isPresent()).as(text).isEqualTo(valid);
    parsed.ifPresent(v -> assertThat(Long.toString(v)).isEqualTo(text));
    Statistics.collect(parsed.isPresent() ? "number" : "malformed");
    Statistics.coverage(
        c -> {
          c.check("number").count(n -> n > 0);
          c.check("malformed").count(n -> n > 0);
        });
  }

  @Test
  void decodeIsStrictUtf8WithinTheLimit() {
    assertThatThrownBy(() -> StrictText.decode(null, 10, BAD)).hasMessage("empty");
    assertThatThrownBy(() -> StrictText.decode(new byte[0], 10, BAD)).hasMessage("empty");
    assertThatThrownBy(() -> StrictText.decode(new byte[11], 10, BAD))
        .hasMessage("11 bytes, more than 10");
    assertThatThrownBy(() -> StrictText.decode(new byte[] {(byte) 0xc0, (byte) 0xaf}, 10, BAD))
        .hasMessage("not UTF-8"); // overlong
    assertThatThrownBy(
            () -> StrictText.decode(new byte[] {(byte) 0xed, (byte) 0xa0, (byte) 0x80}, 10, BAD))
        .hasMessage("not UTF-8"); // a lone surrogate
    assertThatThrownBy(() -> StrictText.decode(new byte[] {'a', (byte) 0xe2, (byte) 0x82}, 10, BAD))
        .hasMessage("not UTF-8"); // cut short
    assertThat(StrictText.decode(bytes("\u20ac1"), 4, BAD)).isEqualTo("\u20ac1");
  }

  @Test
  void everyLineIncludingTheHeaderIsCheckedForControlCharacters() {
    assertThat(StrictText.lines(bytes("baton-x/1\na=1\n"), 100, BAD))
        .containsExactly("baton-x/1", "a=1", "");
    assertThatThrownBy(() -> StrictText.lines(bytes("baton-x/1\u0000\na=1\n"), 100, BAD))
        .isInstanceOf(Bad.class)
        .hasMessage("control character on line 1");
    assertThatThrownBy(() -> StrictText.lines(bytes("baton\u001b[31m-x/1\na=1\n"), 100, BAD))
        .hasMessage("control character on line 1");
    assertThatThrownBy(() -> StrictText.lines(bytes("baton-x/1\r\na=1\n"), 100, BAD))
        .hasMessage("control character on line 1");
    assertThatThrownBy(() -> StrictText.lines(bytes("baton-x/1\na=1\u0085\n"), 100, BAD))
        .hasMessage("control character on line 2");
    assertThatThrownBy(() -> StrictText.lines(bytes("baton-x/1\na=1\n\u007f"), 100, BAD))
        .hasMessage("control character on line 3");
    assertThatThrownBy(() -> StrictText.lines(new byte[] {(byte) 0xff}, 100, BAD))
        .hasMessage("not UTF-8");
  }

  @Property(tries = 1000)
  void linesAreControlFreeOrTheRecordIsMalformed(@ForAll("records") String text) {
    try {
      List<String> lines = StrictText.lines(bytes(text), 200, BAD);
      assertThat(String.join("\n", lines)).isEqualTo(text);
      assertThat(lines).allSatisfy(l -> assertThat(l.chars()).noneMatch(Character::isISOControl));
    } catch (Bad e) {
      assertThat(e.getMessage())
          .matches("empty|not UTF-8|\\d+ bytes, more than 200|control character on line \\d+");
    }
  }

  @Test
  void asciiDigitsAreZeroToNineOnly() {
    assertThat(StrictText.isAsciiDigits("x0123456789", 1, 11)).isTrue();
    assertThat(StrictText.isAsciiDigits("x0123456789", 1, 1)).isFalse();
    assertThat(StrictText.isAsciiDigits("\u0665", 0, 1)).isFalse();
    assertThat(StrictText.isAsciiDigits("/", 0, 1)).isFalse();
    assertThat(StrictText.isAsciiDigits(":", 0, 1)).isFalse();
  }

  private static byte[] bytes(String s) {
    return s.getBytes(StandardCharsets.UTF_8);
  }

  @Provide
  Arbitrary<String> numberish() {
    Arbitrary<String> digits =
        Arbitraries.strings().withChars("0123456789").ofMinLength(0).ofMaxLength(22);
    Arbitrary<String> near =
        Arbitraries.strings().withChars("0123456789+- \u0665\uff17x").ofMaxLength(6);
    Arbitrary<String> longs = Arbitraries.longs().greaterOrEqual(0).map(Object::toString);
    return Arbitraries.oneOf(digits, digits, near, longs);
  }

  @Provide
  Arbitrary<String> records() {
    return Arbitraries.strings()
        .withChars("baton-x/1=\n\u0000\u001b\u0085\u007f\u00e9\u20ac\r")
        .ofMaxLength(40);
  }
}
