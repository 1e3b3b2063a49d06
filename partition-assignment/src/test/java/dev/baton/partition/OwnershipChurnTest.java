// SPDX-License-Identifier: Apache-2.0
package dev.baton.partition;

import static org.assertj.core.api.Assertions.assertThat;

import dev.baton.testkit.SessionExpirer;
import dev.baton.testkit.ZooKeeperServerExtension;
import java.time.Duration;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Random membership churn (joins, graceful leaves, crashes by server-side session expiry) while
 * every owner keeps writing each of its partitions through a fence with its ownership's token. The
 * checker proves that no fenced write from an older ownership term was accepted after a newer one
 * and that no token was accepted from two members; after the churn stops every partition is owned
 * again within the bound. The seed is printed and can be replayed with {@code
 * -Dbaton.churn.seed=N}. Ten rounds in the default run, 200 with {@code -Pchaos}.
 */
class OwnershipChurnTest {
  private static final int PARTITIONS = 32;
  private static final Duration RECOVERY_BOUND = Duration.ofSeconds(30);
  @RegisterExtension static final ZooKeeperServerExtension ZK = new ZooKeeperServerExtension();

  @Test
  void randomChurnNeverAcceptsTwoOwnersOfAPartition() {
    churn(10);
  }

  @Test
  @Tag("chaos")
  void longRandomChurnNeverAcceptsTwoOwnersOfAPartition() {
    churn(200);
  }

  private static void churn(int rounds) {
    long seed = Long.getLong("baton.churn.seed", System.nanoTime());
    System.out.println("OwnershipChurnTest seed=" + seed);
    Random random = new Random(seed);
    int ids = 0;
    TestGroup group =
        new TestGroup(
            ZK.connectString(),
            b -> b.partitionCount(PARTITIONS).drainTimeout(Duration.ofSeconds(2)));
    group.beliefsMayOverlap = true; // crashes are server-side expiries: the fence is the judge
    try {
      for (int i = 0; i < 4; i++) {
        group.add("m" + ++ids);
      }
      int crashes = 0;
      for (int round = 0; round < rounds; round++) {
        List<TestGroup.Member> live = group.members();
        int action = random.nextInt(3);
        if (live.size() <= 2 || (action == 0 && live.size() < 8)) {
          group.add("m" + ++ids);
        } else if (action == 1) {
          group.leave(live.get(random.nextInt(live.size())).id());
        } else {
          TestGroup.Member victim = live.get(random.nextInt(live.size()));
          SessionExpirer.expireOnServer(victim.session().curator(), Duration.ofSeconds(10));
          group.remove(victim.id());
          victim.member().close();
          victim.session().close();
          crashes++;
        }
        if (random.nextInt(4) == 0) {
          group.awaitAllOwned(PARTITIONS, RECOVERY_BOUND); // sometimes let it settle between events
        }
      }
      group.awaitAllOwned(PARTITIONS, RECOVERY_BOUND);
      assertThat(crashes + group.log.acceptedCount()).isPositive();
      for (int p = 0; p < PARTITIONS; p++) {
        assertThat(group.log.lastAccepted("p" + p)).as("partition %d was written", p).isPresent();
      }
    } finally {
      group.close();
    }
    group.assertSafe();
    System.out.printf(
        "OwnershipChurnTest: %d accepted, %d rejected stale writes%n",
        group.log.acceptedCount(), group.log.rejectedCount());
  }
}
