// SPDX-License-Identifier: Apache-2.0
package dev.baton.recipes.election;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.baton.recipes.RevocationReason;
import dev.baton.testkit.ZooKeeperServerExtension;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.framework.CuratorFrameworkFactory;
import org.apache.curator.retry.RetryOneTime;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Someone sets the data of the leader's znode (a {@code set} in zkCli, say): the znode is still
 * there and still first, so the term goes on and nobody hands over. Neither the leader's watch on
 * its own znode nor the follower's watch on it (its predecessor) may take the change for the
 * znode's departure, and both must still hear of the departure after the change.
 */
class LeaderEntryDataChangeTest {
  private static final Duration SESSION = Duration.ofSeconds(10);
  private static final Duration WITHIN = Duration.ofSeconds(15);
  private static final int CHANGES = 20;
  @RegisterExtension static final ZooKeeperServerExtension ZK = new ZooKeeperServerExtension();
  private Candidates candidates;
  private CuratorFramework admin;

  @BeforeEach
  void newElection() {
    candidates = new Candidates(ZK.connectString(), SESSION);
    admin = CuratorFrameworkFactory.newClient(ZK.connectString(), new RetryOneTime(100));
    admin.start();
  }

  @AfterEach
  void closeAll() {
    admin.close();
    candidates.close();
    candidates.recorder.assertNoViolations();
  }

  @Test
  void aDataChangeOnTheLeadersZnodeNeitherEndsTheTermNorHandsOver() throws Exception {
    TestCandidate a = candidates.join();
    TestCandidate b = candidates.join();
    assertThat(candidates.awaitSingleLeader(WITHIN)).isSameAs(a);
    Leadership term = a.election().leadership().orElseThrow();

    // Changed again and again: the follower's watch on the leader's znode is set at some point
    // after it joined, which the test cannot see, and each change after it must set it again.
    for (int i = 0; i < CHANGES; i++) {
      admin.setData().forPath(term.nodePath(), ("touched " + i).getBytes(StandardCharsets.UTF_8));
      assertThat(b.election().awaitLeadership(Duration.ofMillis(100)))
          .as("the follower's term after change %d", i)
          .isEmpty();
      assertThat(term.isActive()).as("the leader's term after change %d", i).isTrue();
      assertThat(a.revocations).as("the leader's revocations after change %d", i).isEmpty();
    }
    assertThat(a.watchEvents()).as("watch events of the leader").isZero();
    assertThat(b.watchEvents()).as("watch events of the follower").isZero();

    // Both watches still hear of the znode's departure after the changes.
    admin.delete().forPath(term.nodePath());
    await().atMost(WITHIN).until(() -> !a.revocations.isEmpty());
    assertThat(a.revocations).containsExactly(RevocationReason.NODE_DELETED);
    Leadership next = b.election().awaitLeadership(WITHIN).orElseThrow();
    assertThat(next.token().isNewerThan(term.token())).isTrue();
  }
}
