// SPDX-License-Identifier: Apache-2.0
package dev.baton.fencing.zookeeper;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.baton.fencing.FencingToken;
import java.nio.charset.StandardCharsets;
import java.util.Optional;
import java.util.regex.Pattern;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.LongRange;
import net.jqwik.api.statistics.Statistics;
import org.junit.jupiter.api.Test;

/**
 * The fence znode's data: round trips, and fuzzing that anything else fails with the documented
 * error.
 */
class FenceRecordFuzzTest {
  private static final String RESOURCE = "billing-run";
  private static final String PATH = "/baton/fences/billing-run";

  /** An independent statement of the format: what the parser may accept, and nothing else. */
  private static final Pattern FORMAT =
      Pattern.compile("ft:(0|[1-9][0-9]{0,18})(@[^@\\x00-\\x1f\\x7f-\\x9f]+)?");

  /** A record of the first format, as earlier versions wrote it: the token's string form. */
  private static byte[] firstFormat(FencingToken token) {
    return token.toString().getBytes(StandardCharsets.UTF_8);
  }

  @Property(tries = 500)
  void validTokensRoundTrip(
      @ForAll @LongRange(min = 0, max = Long.MAX_VALUE) long value,
      @ForAll("scopes") String scope) {
    FencingToken token = FencingToken.of(scope, value);
    byte[] data = firstFormat(token);
    assertThat(data.length).isLessThanOrEqualTo(FenceRecord.MAX_BYTES);
    assertThat(FenceRecord.decode(RESOURCE, PATH, data)).isEqualTo(token);
  }

  @Property(tries = 2000)
  void arbitraryBytesDecodeToATokenOrFailCleanly(@ForAll("junk") byte[] data) {
    decodeOrFail(data)
        .ifPresent(
            t ->
                assertThat(firstFormat(t))
                    .as("only the canonical form is accepted")
                    .isEqualTo(data));
  }

  @Property(tries = 2000)
  void arbitraryStringsDecodeOnlyInTheCanonicalForm(@ForAll("texts") String generated) {
    byte[] data = generated.getBytes(StandardCharsets.UTF_8);
    String text = new String(data, StandardCharsets.UTF_8); // lone surrogates became '?'
    Optional<FencingToken> token = decodeOrFail(data);
    boolean wellFormed =
        data.length <= FenceRecord.MAX_BYTES
            && FORMAT.matcher(text).matches()
            && fitsInALong(text)
            && scopeLength(text) <= FencingToken.MAX_SCOPE_LENGTH;
    assertThat(token.isPresent()).as(text).isEqualTo(wellFormed);
    token.ifPresent(t -> assertThat(t.toString()).isEqualTo(text));
    Statistics.collect(token.isPresent() ? "accepted" : "rejected");
    Statistics.coverage(
        c -> {
          c.check("accepted").count(n -> n > 0);
          c.check("rejected").count(n -> n > 0);
        });
  }

  @Property(tries = 2000)
  void mutatedRecordsDecodeToATokenOrFailCleanly(@ForAll("mutations") String text) {
    byte[] data = text.getBytes(StandardCharsets.UTF_8);
    decodeOrFail(data).ifPresent(t -> assertThat(t.toString()).isEqualTo(text));
  }

  @Test
  void lenientOrDamagedFormsAreRejectedWithTheProblemNamed() {
    assertMalformed(null, "empty");
    assertMalformed(new byte[0], "empty");
    assertMalformed(bytes("5"), "does not start with 'ft:'");
    assertMalformed(bytes("FT:5"), "does not start with 'ft:'");
    assertMalformed(bytes("ft:"), "canonical number");
    assertMalformed(bytes("ft:+5"), "canonical number");
    assertMalformed(bytes("ft:-1"), "canonical number");
    assertMalformed(bytes("ft:007"), "canonical number");
    assertMalformed(bytes("ft: 5"), "canonical number");
    assertMalformed(bytes("ft:5\n"), "canonical number");
    assertMalformed(bytes("ft:\u0665"), "canonical number"); // an Arabic-Indic five
    assertMalformed(bytes("ft:9223372036854775808"), "out of range");
    assertMalformed(bytes("ft:99999999999999999999"), "out of range");
    assertMalformed(bytes("ft:5@"), "scope after '@' is empty");
    assertMalformed(bytes("ft:5@a@b"), "scope is invalid");
    assertMalformed(bytes("ft:5@a\u0000b"), "scope is invalid");
    assertMalformed(
        bytes("ft:5@" + "s".repeat(FencingToken.MAX_SCOPE_LENGTH + 1)), "scope is invalid");
    assertMalformed(
        new byte[] {'f', 't', ':', '5', '@', (byte) 0xc0, (byte) 0xaf}, "not UTF-8"); // overlong
    assertMalformed(
        new byte[] {'f', 't', ':', '5', '@', (byte) 0xed, (byte) 0xa0, (byte) 0x80}, "not UTF-8");
    assertMalformed(new byte[FenceRecord.MAX_BYTES + 1], "more than " + FenceRecord.MAX_BYTES);
    assertThat(FenceRecord.decode(RESOURCE, PATH, bytes("ft:0"))).isEqualTo(FencingToken.of(0));
    assertThat(FenceRecord.decode(RESOURCE, PATH, bytes("ft:9223372036854775807@/a/b")))
        .isEqualTo(FencingToken.of("/a/b", Long.MAX_VALUE));
  }

  /** Leading zeros: the same strict number parser as every other record ({@code RecordsTest}). */
  @Test
  void leadingZerosAreRejectedWithOrWithoutAScope() {
    assertMalformed(bytes("ft:007"), "the token value is not a canonical number");
    assertMalformed(bytes("ft:007@/billing/leader"), "the token value is not a canonical number");
    assertMalformed(bytes("ft:00"), "the token value is not a canonical number");
    assertMalformed(bytes("ft:00@/a"), "the token value is not a canonical number");
    assertThat(FenceRecord.decode(RESOURCE, PATH, bytes("ft:7@/billing/leader")))
        .isEqualTo(FencingToken.of("/billing/leader", 7));
  }

  @Test
  void theLongestValidTokenFitsTheLimit() {
    FencingToken longest =
        FencingToken.of("\u20ac".repeat(FencingToken.MAX_SCOPE_LENGTH), Long.MAX_VALUE);
    assertThat(firstFormat(longest)).hasSize(FenceRecord.MAX_BYTES);
    assertThat(FenceRecord.decode(RESOURCE, PATH, firstFormat(longest))).isEqualTo(longest);
  }

  private static void assertMalformed(byte[] data, String problem) {
    assertThatThrownBy(() -> FenceRecord.decode(RESOURCE, PATH, data))
        .isInstanceOfSatisfying(
            MalformedFenceException.class,
            e -> {
              assertThat(e.path()).isEqualTo(PATH);
              assertThat(e.resource()).isEqualTo(RESOURCE);
            })
        .hasMessageContaining(PATH)
        .hasMessageContaining(problem);
  }

  /**
   * The parser accepts (a token) or throws MalformedFenceException naming the znode; nothing else.
   */
  private static Optional<FencingToken> decodeOrFail(byte[] data) {
    try {
      return Optional.of(FenceRecord.decode(RESOURCE, PATH, data));
    } catch (MalformedFenceException expected) {
      assertThat(expected.getMessage())
          .startsWith("the fence znode " + PATH + " of '" + RESOURCE + "' is malformed: ");
      assertThat(expected.resource()).isEqualTo(RESOURCE);
      return Optional.empty();
    }
  }

  private static boolean fitsInALong(String text) {
    int at = text.indexOf('@');
    String digits = text.substring(3, at < 0 ? text.length() : at);
    return digits.length() < 19 || digits.compareTo(Long.toString(Long.MAX_VALUE)) <= 0;
  }

  private static int scopeLength(String text) {
    int at = text.indexOf('@');
    return at < 0 ? 0 : text.length() - at - 1;
  }

  private static byte[] bytes(String s) {
    return s.getBytes(StandardCharsets.UTF_8);
  }

  @Provide
  Arbitrary<String> scopes() {
    Arbitrary<String> any =
        Arbitraries.strings()
            .ofMaxLength(FencingToken.MAX_SCOPE_LENGTH)
            .filter(s -> s.indexOf('@') < 0 && s.chars().noneMatch(Character::isISOControl))
            .filter(
                s ->
                    s.equals(
                        new String(s.getBytes(StandardCharsets.UTF_8), StandardCharsets.UTF_8)));
    return Arbitraries.oneOf(
        Arbitraries.just(""), Arbitraries.of("/billing/leader", "/a/b-c_d"), any);
  }

  @Provide
  Arbitrary<byte[]> junk() {
    Arbitrary<byte[]> random =
        Arbitraries.bytes().array(byte[].class).ofMaxSize(FenceRecord.MAX_BYTES + 10);
    Arbitrary<byte[]> prefixed =
        random.map(
            tail -> {
              byte[] out = new byte[tail.length + 3];
              out[0] = 'f';
              out[1] = 't';
              out[2] = ':';
              System.arraycopy(tail, 0, out, 3, tail.length);
              return out;
            });
    return Arbitraries.oneOf(random, prefixed);
  }

  @Provide
  Arbitrary<String> texts() {
    Arbitrary<String> near =
        Arbitraries.strings().withChars("ft:@0123456789+-/ab \u0000\u00e9\n").ofMaxLength(30);
    Arbitrary<String> prefixed = near.map(s -> "ft:" + s);
    Arbitrary<String> any = Arbitraries.strings().ofMaxLength(600);
    Arbitrary<String> structured =
        Combinators.combine(
                Arbitraries.strings().withChars("0123456789").ofMaxLength(21),
                Arbitraries.of("", "@", "@@"),
                Arbitraries.strings().withChars("/ab@\u00e9\u20ac\u0085\t").ofMaxLength(8))
            .as((digits, at, scope) -> "ft:" + digits + at + (at.isEmpty() ? "" : scope));
    return Arbitraries.oneOf(near, prefixed, any, structured, structured);
  }

  @Provide
  Arbitrary<String> mutations() {
    Arbitrary<String> base =
        Arbitraries.of(
            "ft:4294967302@/billing/leader", "ft:0", "ft:17@/s", "ft:9223372036854775807@/x");
    Arbitrary<String> noise =
        Arbitraries.strings().withChars("ft:@0123456789+-/ \u0000\u00e9\u0665").ofMaxLength(6);
    return Combinators.combine(
            base,
            Arbitraries.integers().between(0, 40),
            noise,
            Arbitraries.integers().between(0, 5))
        .as(
            (b, at, n, cut) -> {
              int i = Math.min(at, b.length());
              return b.substring(0, i) + n + b.substring(Math.min(b.length(), i + cut));
            });
  }
}
