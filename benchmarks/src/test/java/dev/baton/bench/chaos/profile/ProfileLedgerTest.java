// SPDX-License-Identifier: Apache-2.0
package dev.baton.bench.chaos.profile;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The ledger that lets a profile stopped by its budget be resumed with the same plan. */
class ProfileLedgerTest {
  private static final String PLAN = "trials=1000 seed=1 scenarios=1,2 roles=lock fences=zk";

  @TempDir Path out;

  private static ProfileLedger.Entry passed(String id, long recoverMs) {
    return new ProfileLedger.Entry(id, false, false, 1, 10, 2, 0, 0, recoverMs);
  }

  @Test
  void finishedTrialsAreReadBackOnResume() {
    ProfileLedger ledger = ProfileLedger.create(out, PLAN);
    ProfileLedger.Entry a = passed("00000-pause-lock-zk", 40);
    ProfileLedger.Entry b =
        new ProfileLedger.Entry("00001-x-lock-zk", true, true, 0, 0, 0, 0, 0, 0);
    ledger.append(a);
    ledger.append(b);

    List<ProfileLedger.Entry> finished = new ArrayList<>();
    ProfileLedger again = ProfileLedger.resume(out, PLAN, finished);
    assertThat(finished).containsExactly(a, b);
    ProfileLedger.Entry c = passed("00002-pause-lock-zk", 60);
    again.append(c);
    List<ProfileLedger.Entry> all = new ArrayList<>();
    ProfileLedger.resume(out, PLAN, all);
    assertThat(all).containsExactly(a, b, c);
  }

  @Test
  void aLineCutShortByACrashIsIgnored() throws Exception {
    ProfileLedger.create(out, PLAN).append(passed("00000-pause-lock-zk", 40));
    Files.writeString(
        out.resolve(ProfileLedger.FILE),
        "00001-pause-lock-zk\t0\t0\t1",
        StandardCharsets.UTF_8,
        StandardOpenOption.APPEND);
    List<ProfileLedger.Entry> finished = new ArrayList<>();
    ProfileLedger.resume(out, PLAN, finished);
    assertThat(finished).extracting(ProfileLedger.Entry::id).containsExactly("00000-pause-lock-zk");
  }

  @Test
  void anotherPlanOrNoLedgerCannotBeResumed() {
    assertThatThrownBy(() -> ProfileLedger.resume(out, PLAN, new ArrayList<>()))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("no readable");
    ProfileLedger.create(out, PLAN);
    assertThatThrownBy(() -> ProfileLedger.resume(out, PLAN + " db=h2", new ArrayList<>()))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("another plan");
  }

  @Test
  void aNewRunNeverOverwritesALedger() {
    ProfileLedger.create(out, PLAN).append(passed("00000-pause-lock-zk", 40));
    assertThatThrownBy(() -> ProfileLedger.create(out, PLAN))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("--resume");
  }

  @Test
  void resumedEntriesCountInTheTableAsIfRunInOneGo() {
    ProfileTable table = new ProfileTable();
    table.add("pause lock zk", passed("00000-pause-lock-zk", 40));
    table.add("pause lock zk", passed("00002-pause-lock-zk", 80));
    table.add(
        "pause lock zk",
        new ProfileLedger.Entry("00004-pause-lock-zk", true, true, 0, 0, 0, 0, 0, 0));
    ProfileTable.Row row = table.rows().get("pause lock zk");
    assertThat(row.trials).isEqualTo(3);
    assertThat(row.failed).isEqualTo(1);
    assertThat(row.writes).isEqualTo(20);
    assertThat(row.recoveries).containsExactly(40L, 80L);
  }
}
