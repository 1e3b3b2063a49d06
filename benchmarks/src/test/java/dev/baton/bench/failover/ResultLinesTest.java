// SPDX-License-Identifier: Apache-2.0
package dev.baton.bench.failover;

import static org.assertj.core.api.Assertions.assertThat;

import dev.baton.bench.ResultLines;
import dev.baton.bench.contender.Library;
import dev.baton.bench.failover.FailoverRound.Result;
import java.util.List;
import java.util.Map;
import java.util.OptionalDouble;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;

class ResultLinesTest {
  private static Result crash(Library l, double failover, double deleted) {
    return new Result(
        l,
        2000,
        failover,
        deleted,
        30,
        OptionalDouble.empty(),
        OptionalDouble.empty(),
        1500,
        OptionalLong.empty());
  }

  private static Result term(Library l, double failover, double revokedMargin) {
    return new Result(
        l,
        15000,
        failover,
        failover - 2,
        250,
        OptionalDouble.of(1),
        OptionalDouble.of(revokedMargin),
        900,
        OptionalLong.of(0));
  }

  @Test
  void crashLineHasTheIssueKeysAndCountsRoundsOverTheBound() {
    Map<Library, Summary> results =
        Map.of(
            Library.BATON,
            new Summary(
                List.of(
                    crash(Library.BATON, 1900, 1890),
                    crash(Library.BATON, 2500, 2492),
                    crash(Library.BATON, 3200, 3190))),
            Library.CURATOR,
            new Summary(
                List.of(
                    crash(Library.CURATOR, 2000, 1995),
                    crash(Library.CURATOR, 2100, 2090),
                    crash(Library.CURATOR, 2200, 2193))));
    Map<String, String> keys = ResultLines.parse(FailoverCrash.line(2000, 1000, 3, results));
    assertThat(keys)
        .containsEntry("", "failover-crash")
        .containsEntry("session_ms", "2000")
        .containsEntry("negotiated_ms", "2000")
        .containsEntry("bound_ms", "3100")
        .containsEntry("rounds", "3")
        .containsEntry("baton_p50_ms", "2500.0")
        .containsEntry("baton_p99_ms", "3200.0")
        .containsEntry("curator_p50_ms", "2100.0")
        .containsEntry("curator_p99_ms", "2200.0")
        .containsEntry("baton_over_bound", "1")
        .containsEntry("curator_over_bound", "0")
        .containsEntry("baton_reaction_p50_ms", "10.0")
        .containsEntry("servers", "3");
  }

  @Test
  void sigtermLineSaysWhetherTheRevokedCallbackEndedFirstInEveryRound() {
    Summary baton = new Summary(List.of(term(Library.BATON, 7, 3.5), term(Library.BATON, 9, 0.5)));
    Summary curator =
        new Summary(List.of(term(Library.CURATOR, 10, 2), term(Library.CURATOR, 12, -1)));
    Map<String, String> keys = ResultLines.parse(FailoverSigterm.line(baton, curator, 0));
    assertThat(keys)
        .containsEntry("", "failover-sigterm")
        .containsEntry("baton_p50_ms", "7.0")
        .containsEntry("baton_p99_ms", "9.0")
        .containsEntry("curator_p50_ms", "10.0")
        .containsEntry("curator_p99_ms", "12.0")
        .containsEntry("rounds", "2")
        .containsEntry("revoked_first", "true")
        .containsEntry("revoked_margin_min_ms", "0.5")
        .containsEntry("curator_revoked_first", "false")
        .containsEntry("ratio_p50", "0.70")
        .containsEntry("servers", "embedded");
  }
}
