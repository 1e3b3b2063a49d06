// SPDX-License-Identifier: Apache-2.0
package dev.baton.partition;

import java.util.Collections;
import java.util.Map;
import java.util.SortedMap;
import java.util.SortedSet;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.Collectors;

/**
 * A published assignment: generation, assigner (id and election token), partition set and each
 * partition's member, stored as {@code baton-assignment/1} with {@code partitions=<ranges>} and an
 * {@code m.<member>=<ranges>} line per member. Decoding checks that the members' ranges are
 * disjoint and in the set; the constructor refuses what decoding would, so none is published.
 */
record AssignmentRecord(
    long generation,
    String assigner,
    long assignerToken,
    SortedSet<Integer> partitions,
    SortedMap<Integer, String> owners) {
  /** ZooKeeper's default request limit is 1 MiB; stay below it. */
  static final int MAX_BYTES = 1_000_000;

  /** {@code 2^53 - 1}: exact in a JSON reader's doubles; the next generation never overflows. */
  public static final long MAX_GENERATION = (1L << 53) - 1;

  private static final String MEMBER_PREFIX = "m.";

  public AssignmentRecord {
    if (generation < 0 || generation > MAX_GENERATION) {
      throw new IllegalArgumentException(
          "an assignment generation must be within 0.." + MAX_GENERATION + ", was " + generation);
    }
    if (assignerToken < 0) {
      throw new IllegalArgumentException(
          "an assigner token cannot be negative, was " + assignerToken);
    }
    if (!GroupPaths.isValidId(assigner)) {
      throw new IllegalArgumentException("invalid assigner id " + RecordFormat.quoted(assigner));
    }
    partitions = Collections.unmodifiableSortedSet(new TreeSet<>(partitions));
    owners = Collections.unmodifiableSortedMap(new TreeMap<>(owners));
  }

  public SortedSet<Integer> partitionsOf(String member) {
    return owners.entrySet().stream()
        .filter(e -> e.getValue().equals(member))
        .map(Map.Entry::getKey)
        .collect(Collectors.toCollection(TreeSet::new));
  }

  public byte[] encode() {
    StringBuilder b = RecordFormat.header("assignment");
    RecordFormat.field(b, "generation", generation);
    RecordFormat.field(b, "assigner", assigner);
    RecordFormat.field(b, "token", assignerToken);
    RecordFormat.field(b, "partitions", RecordFormat.encodeRanges(partitions));
    Map<String, TreeSet<Integer>> byMember = new TreeMap<>();
    owners.forEach((p, m) -> byMember.computeIfAbsent(m, k -> new TreeSet<>()).add(p));
    byMember.forEach(
        (m, ps) -> RecordFormat.field(b, MEMBER_PREFIX + m, RecordFormat.encodeRanges(ps)));
    byte[] bytes = RecordFormat.bytes(b);
    if (bytes.length > MAX_BYTES) {
      throw new IllegalStateException(
          "the assignment needs %s bytes, more than %s; use fewer partitions or shorter member ids"
              .formatted(bytes.length, MAX_BYTES));
    }
    return bytes;
  }

  /** Parses the data of the assignment znode at {@code path}; MalformedRecordException if bad. */
  public static AssignmentRecord decode(String path, byte[] data) {
    Map<String, String> f = RecordFormat.parse(path, data, "assignment", MAX_BYTES);
    long generation = RecordFormat.number(path, f, "generation", MAX_GENERATION);
    String assigner = RecordFormat.require(path, f, "assigner");
    if (!GroupPaths.isValidId(assigner)) {
      throw new MalformedRecordException(path, "invalid assigner id");
    }
    long token = RecordFormat.number(path, f, "token", Long.MAX_VALUE);
    SortedSet<Integer> partitions =
        RecordFormat.ranges(path, RecordFormat.require(path, f, "partitions"));
    TreeMap<Integer, String> owners = new TreeMap<>();
    for (Map.Entry<String, String> e : f.entrySet()) {
      if (!e.getKey().startsWith(MEMBER_PREFIX)) {
        continue;
      }
      String member = e.getKey().substring(MEMBER_PREFIX.length());
      if (!GroupPaths.isValidId(member)) {
        throw new MalformedRecordException(
            path, "invalid member id in key " + RecordFormat.quoted(e.getKey()));
      }
      for (int p : RecordFormat.ranges(path, e.getValue())) {
        if (!partitions.contains(p)) {
          throw new MalformedRecordException(
              path, "partition " + p + " of " + member + " is not in the partition set");
        }
        String other = owners.put(p, member);
        if (other != null) {
          throw new MalformedRecordException(
              path, "partition " + p + " assigned to both " + other + " and " + member);
        }
      }
    }
    return new AssignmentRecord(generation, assigner, token, partitions, owners);
  }
}
