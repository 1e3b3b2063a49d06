// SPDX-License-Identifier: Apache-2.0
package dev.baton.partition;

import dev.baton.internal.SafeText;
import dev.baton.internal.StrictText;
import dev.baton.partition.strategy.MemberProfile;
import java.nio.charset.StandardCharsets;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SortedSet;
import java.util.TreeSet;
import java.util.function.Function;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

/**
 * The records Baton stores in a group's znodes: a header line {@code baton-<kind>/<version>}, then
 * {@code key=value} lines; codecs of the member, owner and partition-set records. Parsing is strict
 * ({@link StrictText}); unknown keys are ignored; problems, being logged, quote content only via
 * {@link SafeText}. A malformed record raises {@link MalformedRecordException} naming its znode.
 */
final class RecordFormat {
  /** Most partitions a group may have. */
  public static final int MAX_PARTITIONS = 100_000;

  /** Largest partition id. */
  public static final int MAX_PARTITION_ID = 999_999_999;

  static final int VERSION = 1;
  static final int MEMBER_MAX_BYTES = 4096;
  static final int OWNER_MAX_BYTES = 1024;
  static final int PARTITIONS_MAX_BYTES = 1 << 20;

  /** How much of a header, key or value a problem quotes. */
  static final int QUOTED = 40;

  private RecordFormat() {}

  /** The data of an ownership znode: the owner's member id and the generation it took it under. */
  public record Owner(String memberId, long generation) {}

  public static byte[] encodeMember(MemberProfile member) {
    StringBuilder b = header("member");
    field(b, "id", member.id());
    field(b, "weight", member.weight());
    if (member.zone() != null) {
      field(b, "zone", member.zone());
    }
    return bytes(b);
  }

  /** Parses the member znode {@code path} named {@code nodeName}; the id inside must equal it. */
  public static MemberProfile decodeMember(String path, String nodeName, byte[] data) {
    Map<String, String> f = parse(path, data, "member", MEMBER_MAX_BYTES);
    String id = require(path, f, "id");
    if (!id.equals(nodeName)) {
      throw new MalformedRecordException(
          path, "member id " + quoted(id) + " does not match the znode name");
    }
    if (!GroupPaths.isValidId(id)) {
      throw new MalformedRecordException(path, "invalid member id");
    }
    int weight = (int) number(path, f, "weight", MemberProfile.MAX_WEIGHT);
    if (weight < 1) {
      throw new MalformedRecordException(path, "weight must be at least 1");
    }
    String zone = f.get("zone");
    if (zone != null && !GroupPaths.isValidId(zone)) {
      throw new MalformedRecordException(path, "invalid zone");
    }
    return MemberProfile.of(id, weight, zone);
  }

  public static byte[] encodeOwner(Owner owner) {
    StringBuilder b = header("owner");
    field(b, "member", owner.memberId());
    field(b, "generation", owner.generation());
    return bytes(b);
  }

  public static Owner decodeOwner(String path, byte[] data) {
    Map<String, String> f = parse(path, data, "owner", OWNER_MAX_BYTES);
    String member = require(path, f, "member");
    if (!GroupPaths.isValidId(member)) {
      throw new MalformedRecordException(path, "invalid member id");
    }
    return new Owner(member, number(path, f, "generation", Long.MAX_VALUE));
  }

  /** The partition set's record; IllegalArgumentException for too many or out-of-range ids. */
  public static byte[] encodePartitions(SortedSet<Integer> partitions) {
    if (partitions.size() > MAX_PARTITIONS) {
      throw new IllegalArgumentException("at most " + MAX_PARTITIONS + " partitions");
    }
    for (int p : partitions) {
      if (p < 0 || p > MAX_PARTITION_ID) {
        throw new IllegalArgumentException(
            "partition ids must be 0 to " + MAX_PARTITION_ID + ", was " + p);
      }
    }
    StringBuilder b = header("partitions");
    field(b, "ids", encodeRanges(partitions));
    return bytes(b);
  }

  public static SortedSet<Integer> decodePartitions(String path, byte[] data) {
    Map<String, String> f = parse(path, data, "partitions", PARTITIONS_MAX_BYTES);
    return ranges(path, require(path, f, "ids"));
  }

  /** The partition ids {@code 0..count-1}. */
  static SortedSet<Integer> firstIds(int count) {
    return IntStream.range(0, count).boxed().collect(Collectors.toCollection(TreeSet::new));
  }

  /** Partition ids as ranges, at most {@value #MAX_PARTITIONS}. */
  static SortedSet<Integer> ranges(String path, String text) {
    try {
      return parseRanges(text, MAX_PARTITIONS);
    } catch (IllegalArgumentException e) {
      throw new MalformedRecordException(path, String.valueOf(e.getMessage()));
    }
  }

  static StringBuilder header(String kind) {
    return new StringBuilder("baton-").append(kind).append('/').append(VERSION).append('\n');
  }

  static void field(StringBuilder b, String key, Object value) {
    b.append(key).append('=').append(value).append('\n');
  }

  static byte[] bytes(StringBuilder b) {
    return b.toString().getBytes(StandardCharsets.UTF_8);
  }

  /** {@code text} for a problem: escaped, abbreviated and quoted ({@link SafeText#quoted}). */
  static String quoted(String text) {
    return SafeText.quoted(text, QUOTED);
  }

  /** Parses a record of {@code kind}; a problem names {@code path}. */
  static Map<String, String> parse(String path, byte[] data, String kind, int maxBytes) {
    List<String> lines = StrictText.lines(data, maxBytes, malformed(path));
    String header = lines.get(0);
    String expected = "baton-" + kind + "/";
    if (!header.startsWith(expected)) {
      throw new MalformedRecordException(
          path, "not a " + kind + " record (header " + quoted(header) + ")");
    }
    if (!header.equals(expected + VERSION)) {
      throw new MalformedRecordException(
          path,
          "unsupported " + kind + " record version " + quoted(header.substring(expected.length())));
    }
    Map<String, String> fields = new LinkedHashMap<>();
    for (int i = 1; i < lines.size(); i++) {
      String line = lines.get(i);
      if (line.isEmpty()) {
        continue;
      }
      int eq = line.indexOf('=');
      if (eq <= 0) {
        throw new MalformedRecordException(path, "line " + (i + 1) + " is not key=value");
      }
      if (fields.put(line.substring(0, eq), line.substring(eq + 1)) != null) {
        throw new MalformedRecordException(path, "duplicate key " + quoted(line.substring(0, eq)));
      }
    }
    return fields;
  }

  static String require(String path, Map<String, String> fields, String key) {
    String v = fields.get(key);
    if (v == null) {
      throw new MalformedRecordException(path, "missing field '" + key + "'");
    }
    return v;
  }

  /** A required number field from 0 to {@code max}, in canonical form. */
  static long number(String path, Map<String, String> fields, String key, long max) {
    return StrictText.number(
        require(path, fields, key), max, "field '" + key + "'", malformed(path));
  }

  private static Function<String, MalformedRecordException> malformed(String path) {
    return problem -> new MalformedRecordException(path, problem);
  }

  /** A set of partition ids as ranges: {@code 0-9,12,15-20}. */
  static String encodeRanges(SortedSet<Integer> ids) {
    StringBuilder b = new StringBuilder();
    Iterator<Integer> it = ids.iterator();
    if (!it.hasNext()) {
      return "";
    }
    int start = it.next();
    int end = start;
    while (it.hasNext()) {
      int next = it.next();
      if (next == end + 1) {
        end = next;
        continue;
      }
      appendRange(b, start, end);
      start = next;
      end = next;
    }
    appendRange(b, start, end);
    return b.toString();
  }

  private static void appendRange(StringBuilder b, int start, int end) {
    if (b.length() > 0) {
      b.append(',');
    }
    b.append(start);
    if (end != start) {
      b.append('-').append(end);
    }
  }

  /**
   * Parses {@link #encodeRanges} output defensively: canonical ids, ranges ascending and disjoint,
   * at most {@code maxCount} ids, counted before any range is expanded (IllegalArgumentException).
   */
  static SortedSet<Integer> parseRanges(String text, int maxCount) {
    TreeSet<Integer> ids = new TreeSet<>();
    if (text.isEmpty()) {
      return ids;
    }
    long count = 0;
    long previousEnd = -1;
    for (String part : text.split(",", -1)) {
      int dash = part.indexOf('-');
      int start = partitionId(dash < 0 ? part : part.substring(0, dash));
      int end = dash < 0 ? start : partitionId(part.substring(dash + 1));
      if (end < start) {
        throw new IllegalArgumentException("descending range " + part);
      }
      if (start <= previousEnd) {
        throw new IllegalArgumentException("ranges not ascending and disjoint at " + part);
      }
      count += (long) end - start + 1;
      if (count > maxCount) {
        throw new IllegalArgumentException("more than " + maxCount + " partitions");
      }
      for (int i = start; i <= end; i++) {
        ids.add(i);
      }
      previousEnd = end;
    }
    return ids;
  }

  /** A partition id, in canonical form like every number in a record. */
  private static int partitionId(String s) {
    return (int)
        StrictText.number(
            s,
            MAX_PARTITION_ID,
            "it",
            problem ->
                new IllegalArgumentException(
                    "bad partition id " + SafeText.quoted(s, 40) + ": " + problem));
  }
}
