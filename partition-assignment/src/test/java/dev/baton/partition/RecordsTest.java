// SPDX-License-Identifier: Apache-2.0
package dev.baton.partition;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.baton.partition.strategy.MemberProfile;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.Size;
import org.junit.jupiter.api.Test;

/** The record formats: round trips, and fuzzing that anything else fails cleanly. */
class RecordsTest {
  private static final String PATH = "/g/x";

  @Property(tries = 200)
  void rangesRoundTrip(
      @ForAll @Size(max = 300) java.util.Set<@IntRange(min = 0, max = 5000) Integer> ids) {
    TreeSet<Integer> set = new TreeSet<>(ids);
    assertThat(RecordFormat.parseRanges(RecordFormat.encodeRanges(set), 100_000)).isEqualTo(set);
  }

  @Test
  void rangesRejectHugeOverlappingAndDescendingInput() {
    assertThatThrownBy(() -> RecordFormat.parseRanges("0-999999999", 100_000))
        .hasMessageContaining("more than");
    assertThatThrownBy(() -> RecordFormat.parseRanges("5-3", 100))
        .hasMessageContaining("descending");
    assertThatThrownBy(() -> RecordFormat.parseRanges("1-5,3", 100))
        .hasMessageContaining("ascending");
    assertThatThrownBy(() -> RecordFormat.parseRanges("-1", 100))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> RecordFormat.parseRanges("1,,2", 100))
        .isInstanceOf(IllegalArgumentException.class);
  }

  @Property(tries = 100)
  void assignmentRoundTrips(
      @ForAll @IntRange(min = 1, max = 400) int partitions,
      @ForAll @IntRange(min = 1, max = 20) int members,
      @ForAll long seed) {
    java.util.Random r = new java.util.Random(seed);
    TreeSet<Integer> ps = new TreeSet<>();
    TreeMap<Integer, String> owners = new TreeMap<>();
    for (int p = 0; p < partitions; p++) {
      ps.add(p);
      if (r.nextInt(10) > 0) {
        owners.put(p, "member-" + r.nextInt(members));
      }
    }
    AssignmentRecord a =
        new AssignmentRecord(r.nextInt(1000), "m.1", r.nextLong() & Long.MAX_VALUE, ps, owners);
    assertThat(AssignmentRecord.decode(PATH, a.encode())).isEqualTo(a);
  }

  @Test
  void memberAndOwnerRecordsRoundTrip() {
    MemberProfile m = MemberProfile.of("node-1", 3, "eu-1a");
    assertThat(RecordFormat.decodeMember(PATH, "node-1", RecordFormat.encodeMember(m)))
        .isEqualTo(m);
    assertThat(
            RecordFormat.decodeMember(PATH, "n", RecordFormat.encodeMember(MemberProfile.of("n")))
                .zone())
        .isNull();
    RecordFormat.Owner o = new RecordFormat.Owner("node-1", 42);
    assertThat(RecordFormat.decodeOwner(PATH, RecordFormat.encodeOwner(o))).isEqualTo(o);
  }

  @Test
  void malformedRecordsNameThePathAndTheProblem() {
    assertThatThrownBy(
            () ->
                RecordFormat.decodeMember(
                    PATH, "b", RecordFormat.encodeMember(MemberProfile.of("a"))))
        .isInstanceOf(MalformedRecordException.class)
        .hasMessageContaining(PATH)
        .hasMessageContaining("znode name");
    assertThatThrownBy(() -> AssignmentRecord.decode(PATH, bytes("baton-assignment/2\n")))
        .hasMessageContaining("unsupported");
    assertThatThrownBy(
            () ->
                AssignmentRecord.decode(
                    PATH,
                    bytes(
                        "baton-assignment/1\ngeneration=1\nassigner=a\ntoken=1\npartitions=0-3\nm.a=0-2\nm.b=2-3\n")))
        .hasMessageContaining("assigned to both");
    assertThatThrownBy(
            () ->
                AssignmentRecord.decode(
                    PATH,
                    bytes(
                        "baton-assignment/1\ngeneration=1\nassigner=a\ntoken=1\npartitions=0-3\nm.a=7\n")))
        .hasMessageContaining("not in the partition set");
    assertThatThrownBy(
            () ->
                RecordFormat.decodeOwner(
                    PATH, bytes("baton-owner/1\nmember=a\ngeneration=9999999999999999999\n")))
        .hasMessageContaining("out of range");
    assertThatThrownBy(
            () -> RecordFormat.decodeMember(PATH, "a", new byte[RecordFormat.MEMBER_MAX_BYTES + 1]))
        .hasMessageContaining("bytes");
    assertThatThrownBy(
            () -> RecordFormat.decodeMember(PATH, "a", new byte[] {(byte) 0xff, (byte) 0xfe}))
        .hasMessageContaining("UTF-8");
  }

  /**
   * Leading zeros: the same strict number parser as the fence record ({@code FenceRecordFuzzTest}).
   */
  @Test
  void numbersWithLeadingZerosAreRejectedInEveryRecord() {
    assertMalformed(
        () -> RecordFormat.decodeOwner(PATH, bytes("baton-owner/1\nmember=a\ngeneration=007\n")),
        "field 'generation' is not a canonical number");
    assertMalformed(
        () -> RecordFormat.decodeMember(PATH, "a", bytes("baton-member/1\nid=a\nweight=007\n")),
        "field 'weight' is not a canonical number");
    String assignment =
        "baton-assignment/1\ngeneration=%s\nassigner=a\ntoken=%s\npartitions=%s\nm.a=%s\n";
    assertMalformed(
        () -> AssignmentRecord.decode(PATH, bytes(assignment.formatted("007", "1", "0-3", "0"))),
        "field 'generation' is not a canonical number");
    assertMalformed(
        () -> AssignmentRecord.decode(PATH, bytes(assignment.formatted("7", "007", "0-3", "0"))),
        "field 'token' is not a canonical number");
    assertMalformed(
        () -> AssignmentRecord.decode(PATH, bytes(assignment.formatted("7", "1", "0-007", "0"))),
        "bad partition id '007'");
    assertMalformed(
        () -> AssignmentRecord.decode(PATH, bytes(assignment.formatted("7", "1", "0-3", "03"))),
        "bad partition id '03'");
    assertMalformed(
        () -> RecordFormat.decodePartitions(PATH, bytes("baton-partitions/1\nids=007\n")),
        "bad partition id '007'");
    assertMalformed(
        () -> RecordFormat.decodeOwner(PATH, bytes("baton-owner/1\nmember=a\ngeneration=+7\n")),
        "not a canonical number");
    assertThat(
            RecordFormat.decodeOwner(PATH, bytes("baton-owner/1\nmember=a\ngeneration=0\n"))
                .generation())
        .isZero();
    assertThat(
            AssignmentRecord.decode(PATH, bytes(assignment.formatted("7", "1", "0-3", "0,2")))
                .owners())
        .containsExactly(Map.entry(0, "a"), Map.entry(2, "a"));
    assertThatThrownBy(() -> RecordFormat.parseRanges("007", 10))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("not a canonical number");
  }

  @Test
  void aHeaderLineIsCheckedForControlCharactersLikeEveryLine() {
    assertMalformed(
        () -> RecordFormat.decodeMember(PATH, "a", bytes("baton-member/1\u0000\nid=a\nweight=1\n")),
        "control character on line 1");
    assertMalformed(
        () ->
            RecordFormat.decodeOwner(
                PATH, bytes("baton-\u001b[2Jowner/1\nmember=a\ngeneration=1\n")),
        "control character on line 1");
    assertMalformed(
        () -> AssignmentRecord.decode(PATH, bytes("baton-assignment/1\r\ngeneration=1\n")),
        "control character on line 1");
    assertMalformed(
        () -> RecordFormat.decodePartitions(PATH, bytes("\u0085baton-partitions/1\nids=0\n")),
        "control character on line 1");
    assertMalformed(
        () ->
            RecordFormat.decodeOwner(PATH, bytes("baton-owner/1\nmember=a\u0085\ngeneration=1\n")),
        "control character on line 2");
  }

  @Test
  void aWrongHeaderIsQuotedEscapedAndAbbreviated() {
    String forged = "baton-\u202e" + "x".repeat(100) + "/1";
    assertThatThrownBy(() -> RecordFormat.decodeMember(PATH, "a", bytes(forged + "\nid=a\n")))
        .isInstanceOf(MalformedRecordException.class)
        .hasMessageContaining(
            "not a member record (header 'baton-\\u202e"
                + "x".repeat(33)
                + "'... (109 characters))")
        .satisfies(e -> assertThat(e.getMessage()).doesNotContain("\u202e"));
    assertThatThrownBy(
            () -> RecordFormat.decodeOwner(PATH, bytes("baton-owner/\u00e9\nmember=a\n")))
        .hasMessageContaining("unsupported owner record version '\\u00e9'");
  }

  private static void assertMalformed(Runnable parse, String problem) {
    assertThatThrownBy(parse::run)
        .isInstanceOf(MalformedRecordException.class)
        .hasMessageStartingWith("malformed record at " + PATH + ": ")
        .hasMessageContaining(problem);
  }

  @Property(tries = 1000)
  void arbitraryBytesNeverCrashTheParsers(@ForAll("junk") byte[] data) {
    parseQuietly(() -> RecordFormat.decodeMember(PATH, "a", data));
    parseQuietly(() -> RecordFormat.decodeOwner(PATH, data));
    parseQuietly(() -> AssignmentRecord.decode(PATH, data));
    parseQuietly(() -> RecordFormat.decodePartitions(PATH, data));
  }

  @Property(tries = 1000)
  void mutatedValidRecordsParseOrFailCleanly(@ForAll("mutations") String text) {
    byte[] data = bytes(text);
    parseQuietly(() -> AssignmentRecord.decode(PATH, data));
    parseQuietly(() -> RecordFormat.decodeMember(PATH, "a", data));
  }

  @Provide
  Arbitrary<byte[]> junk() {
    return Arbitraries.bytes().array(byte[].class).ofMaxSize(300);
  }

  @Provide
  Arbitrary<String> mutations() {
    String valid =
        "baton-assignment/1\ngeneration=3\nassigner=a\ntoken=77\npartitions=0-9\nm.a=0-4\nm.b=5-9\n";
    String member = "baton-member/1\nid=a\nweight=2\nzone=z\n";
    Arbitrary<String> base = Arbitraries.of(valid, member);
    Arbitrary<String> noise =
        Arbitraries.strings().withChars("=-,\n.0123456789abmz/\u0000\u00e9 ").ofMaxLength(8);
    return net.jqwik.api.Combinators.combine(
            base,
            Arbitraries.integers().between(0, 80),
            noise,
            Arbitraries.integers().between(0, 6))
        .as(
            (b, at, n, cut) -> {
              int i = Math.min(at, b.length());
              return b.substring(0, i) + n + b.substring(Math.min(b.length(), i + cut));
            });
  }

  /** A parser may accept (the record is valid) or throw MalformedRecordException; nothing else. */
  private static void parseQuietly(Runnable parse) {
    try {
      parse.run();
    } catch (MalformedRecordException expected) {
      assertThat(expected.getMessage()).startsWith("malformed record at " + PATH);
    }
  }

  private static byte[] bytes(String s) {
    return s.getBytes(StandardCharsets.UTF_8);
  }

  @Test
  void assignmentOfMemberListsOnlyItsPartitions() {
    AssignmentRecord a =
        new AssignmentRecord(
            1,
            "a",
            1,
            new TreeSet<>(java.util.List.of(0, 1, 2)),
            new TreeMap<>(Map.of(0, "a", 1, "b", 2, "a")));
    assertThat(a.partitionsOf("a")).containsExactly(0, 2);
  }

  @Test
  void theAssignmentGenerationIsBoundedAndNoRecordIsMadeThatItsReaderRejects() {
    String form = "baton-assignment/1\ngeneration=%s\nassigner=a\ntoken=1\npartitions=0-3\n";
    long max = AssignmentRecord.MAX_GENERATION;
    assertThat(AssignmentRecord.decode(PATH, bytes(String.format(form, max))).generation())
        .isEqualTo(max);
    for (long hostile : new long[] {max + 1, Long.MAX_VALUE}) {
      assertMalformed(
          () -> AssignmentRecord.decode(PATH, bytes(String.format(form, hostile))),
          "field 'generation' is out of range: more than " + max);
    }
    assertMalformed(
        () -> AssignmentRecord.decode(PATH, bytes(String.format(form, Long.MIN_VALUE))),
        "field 'generation' is not a canonical number");
    TreeSet<Integer> set = new TreeSet<>(java.util.List.of(0, 1));
    TreeMap<Integer, String> owners = new TreeMap<>(Map.of(0, "a"));
    for (long bad : new long[] {Long.MIN_VALUE, -1, max + 1, Long.MAX_VALUE}) {
      assertThatThrownBy(() -> new AssignmentRecord(bad, "a", 1, set, owners))
          .isInstanceOf(IllegalArgumentException.class)
          .hasMessageContaining("generation");
    }
    assertThatThrownBy(() -> new AssignmentRecord(1, "a", -1, set, owners))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("token");
    assertThatThrownBy(() -> new AssignmentRecord(1, "bad id", 1, set, owners))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("assigner");
    AssignmentRecord top = new AssignmentRecord(max, "a", Long.MAX_VALUE, set, owners);
    assertThat(AssignmentRecord.decode(PATH, top.encode())).isEqualTo(top);
  }
}
