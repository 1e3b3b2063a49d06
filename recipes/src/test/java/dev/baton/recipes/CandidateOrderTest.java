// SPDX-License-Identifier: Apache-2.0
package dev.baton.recipes;

import static org.assertj.core.api.Assertions.assertThat;

import dev.baton.recipes.CandidateOrder.Decision;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.List;
import java.util.Random;
import java.util.UUID;
import org.junit.jupiter.api.Test;

class CandidateOrderTest {
  private static String child(String key, int sequence) {
    return "_c_" + UUID.randomUUID() + "-" + key + "-n_" + String.format("%010d", sequence);
  }

  private static List<Integer> sequences(List<CandidateName> ordered) {
    return ordered.stream().map(CandidateName::sequence).toList();
  }

  @Test
  void parsesProtectedCandidateNames() {
    String name = child("k1", 42);
    assertThat(CandidateName.parse(name))
        .hasValueSatisfying(
            c -> {
              assertThat(c.key()).isEqualTo("k1");
              assertThat(c.sequence()).isEqualTo(42);
            });
    assertThat(CandidateName.parse(child("k1", -2147483648)))
        .hasValueSatisfying(c -> assertThat(c.sequence()).isEqualTo(Integer.MIN_VALUE));
    assertThat(CandidateName.parse(child("k1", -1)))
        .hasValueSatisfying(c -> assertThat(c.sequence()).isEqualTo(-1));
  }

  @Test
  void ignoresForeignAndMalformedChildren() {
    List<String> ignored = new ArrayList<>();
    List<CandidateName> ordered =
        CandidateOrder.order(
            List.of(
                "latch-0000000001",
                "config",
                "_c_not-a-uuid-k-n_0000000001",
                "_c_" + UUID.randomUUID() + "-k-n_99999999999", // out of int range
                "_c_" + UUID.randomUUID() + "-K!-n_0000000003",
                child("k", 5)),
            ignored::add);
    assertThat(sequences(ordered)).containsExactly(5);
    assertThat(ignored).hasSize(5);
  }

  @Test
  void comparesSequencesAsNumbersNotStrings() {
    // As strings "-000000001" < "0000000005" and "0000000010" < "0000000009" would both go wrong.
    List<CandidateName> ordered =
        CandidateOrder.order(
            List.of(child("a", 10), child("b", 9), child("c", 100), child("d", 1_000_000_000)),
            n -> {});
    assertThat(sequences(ordered)).containsExactly(9, 10, 100, 1_000_000_000);
  }

  @Test
  void ordersAcrossTheSignedWrapAround() {
    List<CandidateName> ordered =
        CandidateOrder.order(
            List.of(
                child("new1", Integer.MIN_VALUE), child("old1", Integer.MAX_VALUE - 1),
                child("new2", Integer.MIN_VALUE + 1), child("old2", Integer.MAX_VALUE)),
            n -> {});
    assertThat(sequences(ordered))
        .containsExactly(
            Integer.MAX_VALUE - 1, Integer.MAX_VALUE, Integer.MIN_VALUE, Integer.MIN_VALUE + 1);
    // The sitting leader stays first: the newcomer after the wrap must follow it.
    assertThat(CandidateOrder.decide(ordered.get(2).name(), ordered).kind())
        .isEqualTo(Decision.Kind.FOLLOW);
  }

  @Test
  void ordersAcrossTheUnsignedWrapFromMinusOneToZero() {
    List<CandidateName> ordered =
        CandidateOrder.order(
            List.of(child("a", 1), child("b", -2), child("c", 0), child("d", -1)), n -> {});
    assertThat(sequences(ordered)).containsExactly(-2, -1, 0, 1);
  }

  @Test
  void anyWindowOfConsecutiveSequencesIsOrderedInCreationOrder() {
    Random random = new Random(7);
    for (int trial = 0; trial < 500; trial++) {
      int start = random.nextInt();
      int count = 1 + random.nextInt(40);
      List<Integer> created = new ArrayList<>();
      int next = start;
      for (int i = 0; i < count; i++) {
        created.add(next);
        next += 1 + random.nextInt(1000); // int overflow is the point
      }
      List<String> children = new ArrayList<>();
      for (int s : created) {
        children.add(child("k", s));
      }
      Collections.shuffle(children, random);
      assertThat(sequences(CandidateOrder.order(children, n -> {})))
          .containsExactlyElementsOf(created);
    }
  }

  @Test
  void decidesLeadFollowOrAbsent() {
    List<CandidateName> ordered =
        CandidateOrder.order(List.of(child("a", 1), child("b", 2), child("c", 3)), n -> {});
    assertThat(CandidateOrder.decide(ordered.get(0).name(), ordered))
        .isEqualTo(new Decision(Decision.Kind.LEAD, null));
    assertThat(CandidateOrder.decide(ordered.get(2).name(), ordered))
        .isEqualTo(new Decision(Decision.Kind.FOLLOW, ordered.get(1).name()));
    assertThat(CandidateOrder.decide("missing", ordered).kind()).isEqualTo(Decision.Kind.ABSENT);
    assertThat(CandidateOrder.decide("missing", List.of()).kind()).isEqualTo(Decision.Kind.ABSENT);
  }

  /** The order as first written, with a comparator: the reference for the primitive sort. */
  private static List<CandidateName> referenceOrder(List<String> children) {
    List<CandidateName> parsed = new ArrayList<>();
    for (String child : children) {
      CandidateName.parse(child).ifPresent(parsed::add);
    }
    parsed.sort(
        Comparator.comparingLong(CandidateName::unsignedSequence)
            .thenComparing(CandidateName::name));
    int n = parsed.size();
    int start = 0;
    long widest = -1;
    for (int i = 0; n > 1 && i < n; i++) {
      long here = parsed.get(i).unsignedSequence();
      long previous = parsed.get((i + n - 1) % n).unsignedSequence();
      long gap = i == 0 ? here + (1L << 32) - previous : here - previous;
      if (gap > widest) {
        widest = gap;
        start = i;
      }
    }
    List<CandidateName> ordered = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      ordered.add(parsed.get((start + i) % n));
    }
    return ordered;
  }

  @Test
  void theOrderIsTheComparatorsOrderForAnyMixOfSequencesDuplicatesAndJunk() {
    Random random = new Random(11);
    int[] edges = {Integer.MIN_VALUE, -1, 0, 1, Integer.MAX_VALUE};
    for (int trial = 0; trial < 2000; trial++) {
      List<String> children = new ArrayList<>();
      int count = random.nextInt(30);
      int base = random.nextInt();
      for (int i = 0; i < count; i++) {
        int sequence =
            switch (random.nextInt(4)) {
              case 0 -> edges[random.nextInt(edges.length)];
              case 1 -> base + random.nextInt(50); // close together: duplicates happen
              case 2 -> random.nextInt();
              default -> base + i;
            };
        children.add(child(Integer.toString(random.nextInt(5), 36), sequence));
      }
      if (random.nextInt(5) == 0) {
        children.add("not-a-candidate-" + trial);
      }
      Collections.shuffle(children, random);
      List<String> ignored = new ArrayList<>();
      assertThat(CandidateOrder.order(children, ignored::add))
          .as("trial %d: %s", trial, children)
          .containsExactlyElementsOf(referenceOrder(children));
      assertThat(ignored).allMatch(c -> c.startsWith("not-a-candidate-"));
    }
  }
}
