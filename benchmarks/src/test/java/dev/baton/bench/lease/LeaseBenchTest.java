// SPDX-License-Identifier: Apache-2.0
package dev.baton.bench.lease;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.baton.bench.ResultLines;
import dev.baton.testkit.PostgresFixture;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * A small run of {@code lease} against the tests' PostgreSQL (it fails, never skips, when the
 * server is missing): one RESULT line per system with the keys, every stale write of Baton
 * rejected by its fence and every one of the others accepted, and no table left behind.
 */
class LeaseBenchTest {
  private static final List<String> KEYS =
      List.of(
          "system",
          "lease_ms",
          "handover_p50_ms",
          "handover_p99_ms",
          "crash_failover_p50_ms",
          "idle_statements_per_s_per_candidate",
          "stale_writes_accepted",
          "stale_writes_rejected");

  @Test
  @Tag("chaos") // about a minute of child JVMs and leases: the chaos profile (mvn -Pchaos verify)
  void comparesTheThreeSystemsAndOnlyBatonRejectsTheStaleWrite() throws Exception {
    Set<String> tablesBefore = benchTables();
    List<String> lines =
        ResultLines.linesOf(
            () ->
                new LeaseBench()
                    .run(
                        List.of(
                            "--handovers=3",
                            "--warmup=0",
                            "--crashes=1",
                            "--pauses=2",
                            "--idle-seconds=2",
                            "--lease-ms=1500",
                            "--poll-ms=200")));
    assertThat(lines).hasSize(3);
    for (int i = 0; i < 3; i++) {
      Map<String, String> r = ResultLines.parse(lines.get(i));
      assertThat(r.get("")).isEqualTo("lease");
      assertThat(r.keySet()).containsAll(KEYS);
      assertThat(List.copyOf(r.keySet()).subList(1, 1 + KEYS.size())).isEqualTo(KEYS);
      assertThat(r.get("system")).isEqualTo(List.of("baton", "shedlock", "spring-jdbc").get(i));
      assertThat(r.get("lease_ms")).isEqualTo("1500");
      assertThat(r.get("handovers")).isEqualTo("3");
      assertThat(number(r, "handover_p50_ms")).isPositive();
      assertThat(number(r, "handover_p99_ms")).isGreaterThanOrEqualTo(number(r, "handover_p50_ms"));
      // nobody takes over a crashed holder's lease before it runs out: at least the lease minus
      // the longest renewal period (ShedLock's, a third of it) has to pass
      assertThat(number(r, "crash_failover_p50_ms")).isGreaterThan(1500 * 2 / 3.0 - 50);
      assertThat(number(r, "idle_statements_per_s_per_candidate")).isPositive();
      boolean baton = r.get("system").equals("baton");
      // two pauses, two elections: each fences a resource of its own
      assertThat(r.get("stale_writes_accepted")).isEqualTo(baton ? "0" : "2");
      assertThat(r.get("stale_writes_rejected")).isEqualTo(baton ? "2" : "0");
    }
    assertThat(benchTables()).isEqualTo(tablesBefore);
  }

  @Test
  void badArgumentsAreRejectedBeforeAnythingRuns() {
    assertThatThrownBy(() -> new LeaseBench().run(List.of("--systems=baton,zookeeper")))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("zookeeper");
    assertThatThrownBy(() -> new LeaseBench().run(List.of("--lease-ms=1000", "--poll-ms=600")))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("poll-ms");
    assertThatThrownBy(() -> new LeaseBench().run(List.of("--idle-candidates=1")))
        .isInstanceOf(IllegalArgumentException.class);
  }

  private static double number(Map<String, String> r, String key) {
    return Double.parseDouble(r.get(key));
  }

  /** The tables of lease runs ({@code bl_...}) in the test database. */
  private static Set<String> benchTables() throws SQLException {
    Set<String> out = new HashSet<>();
    try (Connection c = PostgresFixture.dataSource().getConnection();
        Statement s = c.createStatement();
        ResultSet rs =
            s.executeQuery(
                "SELECT table_name FROM information_schema.tables WHERE table_name LIKE 'bl\\_%'")) {
      while (rs.next()) {
        out.add(rs.getString(1));
      }
    }
    return out;
  }
}
