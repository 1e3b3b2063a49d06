// SPDX-License-Identifier: Apache-2.0
package dev.baton.bench.chaos.client;

import static dev.baton.bench.chaos.client.ChaosTestEnv.awaitEvent;
import static dev.baton.bench.chaos.client.ChaosTestEnv.count;
import static dev.baton.bench.chaos.client.ChaosTestEnv.events;
import static dev.baton.bench.chaos.client.ChaosTestEnv.has;
import static dev.baton.bench.chaos.client.ChaosTestEnv.outcome;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.baton.bench.chaos.ChaosProtocol;
import dev.baton.bench.chaos.ChaosProtocol.Event;
import dev.baton.testkit.ChildJvm;
import java.util.List;
import org.junit.jupiter.api.AutoClose;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Two election clients as real processes; the leader holds a decided write and is paused (SIGSTOP)
 * past its session, the other is elected and writes, the old leader resumes and the held write,
 * sent with its old token, is rejected by the SQL fence: the accepted rows never go back in token
 * order. With {@code --fence=none} (the negative control) the same stale write is accepted and the
 * rows show it.
 */
class ElectionStaleLeaderTest {
  @AutoClose private final ChaosTestEnv env = new ChaosTestEnv();

  @ParameterizedTest(name = "--fence={0}")
  @ValueSource(strings = {"sql", "none"})
  void aResumedLeaderWritesWithItsOldToken(String fence) throws Exception {
    String[] common = {
      "--role=election",
      "--path=/chaos/election",
      "--session-ms=2000",
      "--fence=" + fence,
      "--write-interval-ms=100"
    };
    ChildJvm c1 = env.client(with(common, "--id=c1"));
    ChildJvm c2 = env.client(with(common, "--id=c2"));
    awaitEvent(c1, "READY", e -> true);
    awaitEvent(c2, "READY", e -> true);
    await()
        .atMost(ChaosTestEnv.WAIT)
        .until(() -> has(c1, "ELECTED", e -> true) || has(c2, "ELECTED", e -> true));
    ChildJvm leader = has(c1, "ELECTED", e -> true) ? c1 : c2;
    ChildJvm follower = leader == c1 ? c2 : c1;
    long oldToken = events(leader, "ELECTED").get(0).number("token");
    awaitEvent(leader, "WRITE", outcome("ACCEPTED"));

    // Hold the leader's next write between deciding it and sending it, then pause the process.
    // No transaction of it is open while it is stopped: a pause inside one would keep the fence
    // row locked, and the follower's writes would wait for the lock until the resume
    // (docs/guarantees.md: the database's idle-in-transaction timeout bounds that in production).
    Event held =
        ChaosProtocol.parse(leader.ask("HOLD", "CHAOS HELD ", ChaosTestEnv.WAIT)).orElseThrow();
    assertThat(held.number("token")).isEqualTo(oldToken);
    leader.pause();
    awaitEvent(follower, "ELECTED", e -> true);
    long newToken = events(follower, "ELECTED").get(0).number("token");
    assertThat(newToken).isGreaterThan(oldToken);
    awaitEvent(follower, "WRITE", outcome("ACCEPTED"));
    long acceptedBeforeResume = count(leader, "WRITE", outcome("ACCEPTED"));
    leader.send("RELEASE"); // read once it runs again: the held write goes with the old token
    leader.resume();

    List<Long> tokens;
    if (fence.equals("sql")) {
      awaitEvent(leader, "WRITE", outcome("REJECTED"));
      awaitEvent(leader, "REVOKED", e -> true);
      assertThat(events(leader, "WRITE"))
          .filteredOn(e -> e.get("outcome").equals("REJECTED"))
          .allSatisfy(e -> assertThat(e.number("token")).isEqualTo(oldToken));
      assertThat(count(leader, "WRITE", outcome("ACCEPTED"))).isEqualTo(acceptedBeforeResume);
      tokens = env.writtenTokens(ElectionRole.RESOURCE);
      assertThat(ChaosTestEnv.nonDecreasing(tokens))
          .as("tokens in commit order: %s", tokens)
          .isTrue();
    } else {
      // The negative control: nothing stops the stale write, and the table shows it.
      await()
          .atMost(ChaosTestEnv.WAIT)
          .until(() -> count(leader, "WRITE", outcome("ACCEPTED")) > acceptedBeforeResume);
      awaitEvent(leader, "REVOKED", e -> true);
      tokens = env.writtenTokens(ElectionRole.RESOURCE);
      assertThat(ChaosTestEnv.nonDecreasing(tokens))
          .as("tokens in commit order: %s", tokens)
          .isFalse();
    }
    assertThat(tokens).contains(oldToken, newToken);

    ChaosTestEnv.stop(c1);
    ChaosTestEnv.stop(c2);
  }

  static String[] with(String[] common, String... more) {
    String[] all = new String[common.length + more.length];
    System.arraycopy(common, 0, all, 0, common.length);
    System.arraycopy(more, 0, all, common.length, more.length);
    return all;
  }
}
