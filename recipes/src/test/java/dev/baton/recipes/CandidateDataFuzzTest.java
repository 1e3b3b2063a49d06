// SPDX-License-Identifier: Apache-2.0
package dev.baton.recipes;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import java.util.Optional;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.statistics.Statistics;
import org.junit.jupiter.api.Test;

/**
 * The data of a candidate znode: valid ids round-trip, anything else fails with the documented
 * error.
 */
class CandidateDataFuzzTest {
  private static final String PATH = "/svc/leader/_c_x-k-n_0000000001";

  @Property(tries = 1000)
  void validIdsRoundTrip(@ForAll("ids") String id) {
    byte[] data = CandidateData.encode(id);
    assertThat(data.length).isBetween(1, CandidateData.MAX_BYTES);
    assertThat(CandidateData.decode(PATH, data)).isEqualTo(id);
  }

  @Property(tries = 3000)
  void arbitraryBytesDecodeToAnIdTheyEncodeOrFailCleanly(@ForAll("junk") byte[] data) {
    Optional<String> id = decodeOrFail(data);
    id.ifPresent(
        s -> {
          assertThat(CandidateData.encode(s)).isEqualTo(data);
          assertThat(s).isNotBlank();
          assertThat(s.chars()).noneMatch(Character::isISOControl);
        });
    Statistics.collect(id.isPresent() ? "id" : "malformed");
    Statistics.coverage(
        c -> {
          c.check("id").count(n -> n > 0);
          c.check("malformed").count(n -> n > 0);
        });
  }

  @Test
  void malformedDataIsNamedWithItsProblem() {
    assertMalformed(null, "empty");
    assertMalformed(new byte[0], "empty");
    assertMalformed(new byte[CandidateData.MAX_BYTES + 1], "more than " + CandidateData.MAX_BYTES);
    assertMalformed(new byte[] {(byte) 0xff}, "not UTF-8");
    assertMalformed(new byte[] {'a', (byte) 0xc0, (byte) 0x80}, "not UTF-8"); // overlong NUL
    assertMalformed(
        new byte[] {(byte) 0xed, (byte) 0xa0, (byte) 0x80}, "not UTF-8"); // a lone surrogate
    assertMalformed(new byte[] {'a', (byte) 0xe2, (byte) 0x82}, "not UTF-8"); // cut short
    assertMalformed(bytes("   "), "blank");
    assertMalformed(bytes("a\nb"), "control");
    assertMalformed(bytes("a\u0085b"), "control");
    assertThat(CandidateData.decode(PATH, bytes("billing-7"))).isEqualTo("billing-7");
    assertThat(CandidateData.decode(PATH, bytes("\u20ac".repeat(85)))).hasSize(85);
  }

  private static void assertMalformed(byte[] data, String problem) {
    assertThatThrownBy(() -> CandidateData.decode(PATH, data))
        .isInstanceOfSatisfying(
            MalformedCandidateException.class, e -> assertThat(e.path()).isEqualTo(PATH))
        .hasMessageContaining(PATH)
        .hasMessageContaining(problem);
  }

  private static Optional<String> decodeOrFail(byte[] data) {
    try {
      return Optional.of(CandidateData.decode(PATH, data));
    } catch (MalformedCandidateException expected) {
      assertThat(expected.getMessage())
          .startsWith("the candidate znode " + PATH + " is malformed: ");
      return Optional.empty();
    }
  }

  private static byte[] bytes(String s) {
    return s.getBytes(StandardCharsets.UTF_8);
  }

  @Provide
  Arbitrary<String> ids() {
    return Arbitraries.strings()
        .ofMinLength(1)
        .ofMaxLength(CandidateData.MAX_BYTES)
        .filter(s -> !s.isBlank() && s.chars().noneMatch(Character::isISOControl))
        .filter(
            s -> s.equals(new String(s.getBytes(StandardCharsets.UTF_8), StandardCharsets.UTF_8)))
        .filter(s -> s.getBytes(StandardCharsets.UTF_8).length <= CandidateData.MAX_BYTES);
  }

  @Provide
  Arbitrary<byte[]> junk() {
    Arbitrary<byte[]> random =
        Arbitraries.bytes().array(byte[].class).ofMaxSize(CandidateData.MAX_BYTES + 8);
    Arbitrary<byte[]> text =
        Arbitraries.strings()
            .withChars("ab-7 \u00e9\u20ac\n\u0000")
            .ofMaxLength(40)
            .map(CandidateDataFuzzTest::bytes);
    Arbitrary<byte[]> printable =
        Arbitraries.strings().ofMaxLength(300).map(CandidateDataFuzzTest::bytes);
    return Arbitraries.oneOf(random, text, printable);
  }
}
