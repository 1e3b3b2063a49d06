// SPDX-License-Identifier: Apache-2.0
package dev.baton.bench.chaos;

import static org.assertj.core.api.Assertions.assertThat;

import dev.baton.bench.chaos.ChaosProtocol.Event;
import dev.baton.bench.chaos.SafetyChecker.Row;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The checker on hand-built histories: a safe one passes, each kind of bad one is reported. */
class SafetyCheckerTest {
  private static Event write(String resource, long token, String outcome) {
    return ChaosProtocol.parse(
            ChaosProtocol.line("WRITE", "resource", resource, "token", token, "outcome", outcome))
        .orElseThrow();
  }

  private static Map<String, List<Event>> events(List<Event> c1, List<Event> c2) {
    Map<String, List<Event>> m = new LinkedHashMap<>();
    m.put("c1", c1);
    m.put("c2", c2);
    return m;
  }

  private static final List<Row> SAFE_LOG =
      List.of(new Row("p0", "c1", 1), new Row("p0", "c1", 1), new Row("p0", "c2", 2));

  @Test
  void aSafeHistoryPasses() {
    SafetyChecker.Report r =
        SafetyChecker.check(
            SAFE_LOG,
            events(
                List.of(
                    write("p0", 1, "ACCEPTED"),
                    write("p0", 1, "ACCEPTED"),
                    write("p0", 1, "REJECTED")),
                List.of(write("p0", 2, "ACCEPTED"))),
            null);

    assertThat(r.violations()).isEmpty();
    assertThat(r.writesAttempted()).isEqualTo(4);
    assertThat(r.accepted()).isEqualTo(3);
    assertThat(r.rejected()).isEqualTo(1);
  }

  @Test
  void aWriteReportedAcceptedButNotInTheFenceLogIsAViolation() {
    SafetyChecker.Report r =
        SafetyChecker.check(
            SAFE_LOG,
            events(
                List.of(
                    write("p0", 1, "ACCEPTED"),
                    write("p0", 1, "ACCEPTED"),
                    write("p0", 1, "ACCEPTED")),
                List.of(write("p0", 2, "ACCEPTED"), write("p1", 2, "ACCEPTED"))),
            null);

    assertThat(r.violations())
        .containsExactlyInAnyOrder(
            "p0: 3 writes of c1 with token 1 reported ACCEPTED, 2 in the fence's log",
            "p1: 1 writes of c2 with token 2 reported ACCEPTED, 0 in the fence's log");
  }

  @Test
  void anOlderTokenAfterANewerOneIsAViolation() {
    List<Row> log = List.of(new Row("p0", "c2", 2), new Row("p0", "c1", 1));

    SafetyChecker.Report r = SafetyChecker.check(log, events(List.of(), List.of()), null);

    assertThat(r.violations()).singleElement().asString().contains("token 1 of c1 accepted after");
  }

  @Test
  void twoWritersAcceptedWithOneTokenAreAViolation() {
    List<Row> log = List.of(new Row("schedule", "c1", 5), new Row("schedule", "c2", 5));

    SafetyChecker.Report r = SafetyChecker.check(log, events(List.of(), List.of()), null);

    assertThat(r.violations())
        .singleElement()
        .asString()
        .contains("token 5 accepted from both c1 and c2");
  }
}
