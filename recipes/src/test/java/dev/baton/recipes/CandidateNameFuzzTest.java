// SPDX-License-Identifier: Apache-2.0
package dev.baton.recipes;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.UUID;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.From;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.Size;
import net.jqwik.api.statistics.Statistics;
import org.junit.jupiter.api.Test;

/**
 * Candidate znode names: valid names round-trip, and any other string (arbitrary, near-valid,
 * mutated) parses to empty, never to an exception or a wrong sequence.
 */
class CandidateNameFuzzTest {
  /** The format, stated independently of the hand-written parser. */
  private static final Pattern FORMAT =
      Pattern.compile(
          "_c_[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}-([0-9a-z]{1,32})-n_(-?[0-9]{9,10})");

  private static String name(UUID uuid, String key, int sequence) {
    return "_c_" + uuid + "-" + CandidateName.prefixFor(key) + String.format("%010d", sequence);
  }

  @Property(tries = 1000)
  void validNamesRoundTrip(
      @ForAll long hi, @ForAll long lo, @ForAll("keys") String key, @ForAll int sequence) {
    String name = name(new UUID(hi, lo), key, sequence);
    assertThat(name.length()).isLessThanOrEqualTo(CandidateName.MAX_LENGTH);
    assertThat(CandidateName.parse(name)).contains(new CandidateName(name, key, sequence));
  }

  @Property(tries = 3000)
  void anyStringParsesToAValidNameOrToEmpty(@ForAll("names") String name) {
    Optional<CandidateName> parsed = CandidateName.parse(name);
    Matcher m = FORMAT.matcher(name);
    boolean canonical = m.matches() && isCanonicalSequence(m.group(2));
    assertThat(parsed.isPresent()).as(name).isEqualTo(canonical);
    parsed.ifPresent(
        c -> {
          assertThat(c.name()).isEqualTo(name);
          assertThat(c.key()).isEqualTo(m.group(1));
          assertThat(String.format("%010d", c.sequence())).isEqualTo(m.group(2));
        });
    Statistics.collect(parsed.isPresent() ? "candidate" : "ignored");
    Statistics.coverage(
        cov -> {
          cov.check("candidate").count(n -> n > 0);
          cov.check("ignored").count(n -> n > 0);
        });
  }

  @Property(tries = 1000)
  void orderingJunkNeverThrowsAndKeepsExactlyTheCandidates(
      @ForAll @Size(max = 20) List<@From("names") String> children) {
    List<String> ignored = new ArrayList<>();
    List<CandidateName> ordered = CandidateOrder.order(children, ignored::add);
    assertThat(ordered.size() + ignored.size()).isEqualTo(children.size());
    assertThat(ordered).allSatisfy(c -> assertThat(CandidateName.parse(c.name())).contains(c));
    assertThat(ignored).allSatisfy(n -> assertThat(CandidateName.parse(n)).isEmpty());
  }

  @Property(tries = 5000)
  void theSequenceCheckAgreesWithZooKeepersFormat(@ForAll("sequenceTexts") String text) {
    boolean expected = text.matches("-?[0-9]{1,11}") && isCanonicalSequence(text);
    boolean accepted;
    try {
      accepted =
          CandidateName.isCanonicalSequence("n_" + text, 2)
              && new BigInteger(text).bitLength() < Integer.SIZE; // in range
    } catch (NumberFormatException outOfRange) {
      accepted = false;
    }
    assertThat(accepted).as(text).isEqualTo(expected);
  }

  @Test
  void theSequenceCheckAgreesWithZooKeepersFormatAtTheEdges() {
    for (long v :
        List.of(
            0L,
            1L,
            9L,
            10L,
            999_999_999L,
            1_000_000_000L,
            (long) Integer.MAX_VALUE,
            Integer.MAX_VALUE + 1L,
            -1L,
            -9L,
            -999_999_999L,
            -1_000_000_000L,
            (long) Integer.MIN_VALUE,
            Integer.MIN_VALUE - 1L)) {
      String printed = String.format("%010d", v);
      boolean inRange = v >= Integer.MIN_VALUE && v <= Integer.MAX_VALUE;
      assertThat(CandidateName.isCanonicalSequence(printed, 0)).as(printed).isTrue();
      assertThat(CandidateName.parse("_c_" + UUID.randomUUID() + "-k-n_" + printed).isPresent())
          .as(printed)
          .isEqualTo(inRange);
      for (String alias : List.of("0" + printed, printed.replaceFirst("^(-?)0", "$1"))) {
        if (!alias.equals(printed)) {
          assertThat(CandidateName.isCanonicalSequence(alias, 0)).as(alias).isFalse();
        }
      }
    }
    for (String never : List.of("-000000000", "-0000000000", "-0999999999", "+000000001", "")) {
      assertThat(CandidateName.isCanonicalSequence(never, 0)).as(never).isFalse();
    }
  }

  @Provide
  Arbitrary<String> sequenceTexts() {
    Arbitrary<String> printed =
        Arbitraries.oneOf(
                Arbitraries.integers(),
                Arbitraries.integers().between(-1_000_000_100, -999_999_900),
                Arbitraries.integers().between(-100, 100))
            .map(i -> String.format("%010d", i));
    Arbitrary<String> digits =
        Arbitraries.strings().withChars("0123456789-").ofMinLength(8).ofMaxLength(12);
    Arbitrary<String> padded =
        Combinators.combine(printed, Arbitraries.of("", "0", "-", "-0", "00"))
            .as((p, extra) -> p.startsWith("-") ? "-" + extra + p.substring(1) : extra + p);
    return Arbitraries.oneOf(printed, digits, padded);
  }

  @Property(tries = 1000)
  void printableNamesAreShortAndPlainAscii(@ForAll String name) {
    String shown = CandidateName.printable(name);
    assertThat(shown.length()).isLessThanOrEqualTo(100 * 6 + 30);
    assertThat(shown.chars()).allMatch(c -> c >= 0x20 && c < 0x7f);
  }

  @Test
  void regressions() {
    String uuid = UUID.randomUUID().toString();
    // Was StringIndexOutOfBoundsException: a name ending in the suffix, with no sequence after it.
    assertThat(CandidateName.parse("_c_" + uuid + "-abcdefghij-n_")).isEmpty();
    assertThat(CandidateName.parse("_c_" + uuid + "-" + "k".repeat(32) + "-n_")).isEmpty();
    // Were accepted: non-ASCII digits in the UUID, sequences ZooKeeper never prints.
    assertThat(
            CandidateName.parse(
                "_c_\u0661\u0662\u0663\u0664\u0665\u0666\u0667\u0668"
                    + uuid.substring(8)
                    + "-k-n_0000000001"))
        .isEmpty();
    assertThat(CandidateName.parse("_c_" + uuid.toUpperCase(Locale.ROOT) + "-k-n_0000000001"))
        .isEmpty();
    assertThat(CandidateName.parse("_c_" + uuid + "-k-n_000000001")).isEmpty();
    assertThat(CandidateName.parse("_c_" + uuid + "-k-n_-0000000001")).isEmpty();
    assertThat(CandidateName.parse("_c_" + uuid + "-k-n_+000000001")).isEmpty();
    assertThat(CandidateName.parse("_c_" + uuid + "-k-n_00000000001")).isEmpty();
    assertThat(CandidateName.parse("_c_" + uuid + "-k-n_00000000\u0661\u0662")).isEmpty();
    assertThat(CandidateName.parse("_c_" + uuid + "-k-n_2147483648")).isEmpty();
    assertThat(CandidateName.parse("_c_" + uuid + "-k-n_-2147483649")).isEmpty();
    assertThat(CandidateName.parse("_c_" + uuid + "-k-n_0000000001" + "0".repeat(100_000)))
        .isEmpty();
    assertThat(CandidateName.parse(null)).isEmpty();
    assertThat(CandidateName.parse("")).isEmpty();
    // What ZooKeeper does print, including both ends of the counter.
    assertThat(CandidateName.parse("_c_" + uuid + "-k-n_-000000001"))
        .hasValueSatisfying(c -> assertThat(c.sequence()).isEqualTo(-1));
    assertThat(CandidateName.parse("_c_" + uuid + "-k-n_-2147483648"))
        .hasValueSatisfying(c -> assertThat(c.sequence()).isEqualTo(Integer.MIN_VALUE));
    assertThat(CandidateName.parse("_c_" + uuid + "-k-n_2147483647"))
        .hasValueSatisfying(c -> assertThat(c.sequence()).isEqualTo(Integer.MAX_VALUE));
    assertThat(CandidateName.printable("a\nb\u202e" + "c".repeat(200)))
        .startsWith("a\\u000ab\\u202ec")
        .endsWith("... (204 characters)");
  }

  private static boolean isCanonicalSequence(String digits) {
    long value = Long.parseLong(digits);
    return value >= Integer.MIN_VALUE
        && value <= Integer.MAX_VALUE
        && String.format("%010d", value).equals(digits);
  }

  @Provide
  Arbitrary<String> keys() {
    return Arbitraries.strings()
        .withChars("0123456789abcdefghijklmnopqrstuvwxyz")
        .ofMinLength(1)
        .ofMaxLength(32);
  }

  @Provide
  Arbitrary<String> names() {
    Arbitrary<String> uuids =
        Arbitraries.longs().tuple2().map(t -> new UUID(t.get1(), t.get2()).toString());
    Arbitrary<String> keyish = Arbitraries.strings().withChars("09az-_K\u00e9").ofMaxLength(36);
    Arbitrary<String> digits =
        Arbitraries.strings().withChars("0123456789-+\u0661").ofMaxLength(12);
    Arbitrary<String> near =
        Combinators.combine(uuids, keyish, Arbitraries.of("-n_", "-n", "n_", ""), digits)
            .as((u, k, s, d) -> "_c_" + u + "-" + k + s + d);
    Arbitrary<String> valid =
        Combinators.combine(uuids, keys(), Arbitraries.integers())
            .as((u, k, s) -> "_c_" + u + "-" + k + "-n_" + String.format("%010d", s));
    Arbitrary<String> mutated =
        Combinators.combine(
                valid,
                Arbitraries.integers().between(0, 90),
                Arbitraries.strings().withChars("_c-n0123456789af\u0661 \u0000").ofMaxLength(4),
                Arbitraries.integers().between(0, 4))
            .as(
                (v, at, noise, cut) -> {
                  int i = Math.min(at, v.length());
                  return v.substring(0, i) + noise + v.substring(Math.min(v.length(), i + cut));
                });
    return Arbitraries.oneOf(Arbitraries.strings().ofMaxLength(120), near, valid, mutated, mutated);
  }
}
