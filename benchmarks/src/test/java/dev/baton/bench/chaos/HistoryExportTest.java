// SPDX-License-Identifier: Apache-2.0
package dev.baton.bench.chaos;

import static org.assertj.core.api.Assertions.assertThat;

import dev.baton.bench.chaos.ChaosProtocol.Role;
import dev.baton.bench.history.check.History;
import dev.baton.bench.history.check.History.Op;
import dev.baton.bench.history.check.HistoryChecker;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Client event lines into the exported format, read back by the independent reader. */
class HistoryExportTest {
  @TempDir Path dir;

  @Test
  void eventsBecomeInvocationsWithTheirCompletionsInTimeOrder() {
    Map<String, List<HistoryExport.Stamped>> lines = new LinkedHashMap<>();
    lines.put(
        "c1",
        List.of(
            new HistoryExport.Stamped("CHAOS READY id=c1", 10),
            new HistoryExport.Stamped("CHAOS ASSIGNED id=c1 partition=3 token=7", 20),
            new HistoryExport.Stamped("not an event", 25),
            new HistoryExport.Stamped("CHAOS WRITE id=c1 resource=p3 token=7 outcome=ACCEPTED", 30),
            new HistoryExport.Stamped("CHAOS WRITE id=c1 resource=p3 token=7 outcome=REJECTED", 60),
            new HistoryExport.Stamped(
                "CHAOS RELEASED id=c1 partition=3 token=7 reason=SESSION_EXPIRED", 70)));
    lines.put(
        "c2",
        List.of(
            new HistoryExport.Stamped("CHAOS ASSIGNED id=c2 partition=3 token=8", 40),
            new HistoryExport.Stamped("CHAOS WRITE id=c2 resource=p3 token=8 outcome=FAILED", 50),
            new HistoryExport.Stamped("CHAOS ERROR id=c2 message=a \"quoted\" \\ text", 55)));
    Map<String, Object> meta = new LinkedHashMap<>();
    meta.put("trial", "t \"1\"");
    meta.put("seed", 9L);
    Path file =
        HistoryExport.write(
            dir,
            meta,
            Role.PARTITION,
            lines,
            List.of(new HistoryExport.Fault(45, "c1 paused (SIGSTOP)")),
            List.of(new SafetyChecker.Row("p3", "c1", 7), new SafetyChecker.Row("p3", "c2", 8)));

    History h = History.read(file);
    assertThat(h.meta()).containsEntry("trial", "t \"1\"").containsEntry("seed", 9L);
    assertThat(h.ops())
        .extracting(Op::process, Op::time, Op::type, Op::f, Op::resource, Op::token)
        .containsExactly(
            tuple("c1", 20L, "invoke", "assigned", "p3", 7L),
            tuple("c1", 20L, "ok", "assigned", "p3", 7L),
            tuple("c1", 30L, "invoke", "write", "p3", 7L),
            tuple("c1", 30L, "ok", "write", "p3", 7L),
            tuple("c2", 40L, "invoke", "assigned", "p3", 8L),
            tuple("c2", 40L, "ok", "assigned", "p3", 8L),
            tuple("nemesis", 45L, "invoke", "fault", null, null),
            tuple("nemesis", 45L, "info", "fault", null, null),
            tuple("c2", 50L, "invoke", "write", "p3", 8L),
            tuple("c2", 50L, "info", "write", "p3", 8L),
            tuple("c1", 60L, "invoke", "write", "p3", 7L),
            tuple("c1", 60L, "fail", "write", "p3", 7L),
            tuple("c1", 70L, "invoke", "released", "p3", 7L),
            tuple("c1", 70L, "ok", "released", "p3", 7L));
    assertThat(h.ops().get(3).value()).isEqualTo("c1");
    assertThat(h.ops().get(7).value()).isEqualTo("c1 paused (SIGSTOP)");
    assertThat(h.ops().get(13).value()).isEqualTo("SESSION_EXPIRED");
    assertThat(h.ops())
        .extracting(Op::index)
        .containsExactly(0L, 1L, 2L, 3L, 4L, 5L, 6L, 7L, 8L, 9L, 10L, 11L, 12L, 13L);
    assertThat(h.fenceLog())
        .containsExactly(
            new History.StoreWrite(0, "p3", "c1", 7), new History.StoreWrite(1, "p3", "c2", 8));
    assertThat(HistoryChecker.check(h)).isEmpty();
  }

  @Test
  void theTermResourceIsTheRecipesWriteResource() {
    Map<String, List<HistoryExport.Stamped>> lines =
        Map.of("c1", List.of(new HistoryExport.Stamped("CHAOS ELECTED id=c1 token=3", 1)));
    for (Map.Entry<Role, String> e :
        Map.of(Role.ELECTION, "leader", Role.SCHEDULER, "schedule").entrySet()) {
      Path file =
          HistoryExport.write(
              dir.resolve(e.getValue()), Map.of(), e.getKey(), lines, List.of(), List.of());
      assertThat(History.read(file).ops()).extracting(Op::resource).containsOnly(e.getValue());
    }
    Path lock =
        HistoryExport.write(
            dir.resolve("lock"),
            Map.of(),
            Role.LOCK,
            Map.of("c1", List.of(new HistoryExport.Stamped("CHAOS LOCKED id=c1 token=3", 1))),
            List.of(),
            List.of());
    assertThat(History.read(lock).ops())
        .extracting(Op::f, Op::resource)
        .containsOnly(tuple("locked", "lock"));
  }

  private static org.assertj.core.groups.Tuple tuple(Object... values) {
    return org.assertj.core.groups.Tuple.tuple(values);
  }
}
