package dev.baton.partition;

import static org.assertj.core.api.Assertions.assertThat;

import dev.baton.testkit.ZooKeeperServerExtension;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** Membership changes on one real ZooKeeper server: join, leave, ownership and callbacks. */
class GroupMemberTest {
  private static final Duration WITHIN = Duration.ofSeconds(20);
  @RegisterExtension
  static final ZooKeeperServerExtension ZK = new ZooKeeperServerExtension();
  private TestGroup group;

  @AfterEach
  void check() {
    group.close();
    assertThat(group.beliefs.overlaps()).isEmpty();
    assertThat(group.orderViolations()).isEmpty();
    group.log.assertNoViolations();
  }

  @Test
  void threeMembersShareTwelvePartitionsAndJoinMovesTheMinimum() {
    group = new TestGroup(ZK.connectString(), b -> b.partitionCount(12));
    group.add("a");
    group.add("b");
    group.add("c");
    Map<Integer, String> before = group.awaitAllOwned(12, WITHIN);
    assertThat(before.values().stream().distinct()).hasSize(3);

    group.add("d");
    Map<Integer, String> after = group.awaitAllOwned(12, WITHIN);
    long moved = before.keySet().stream().filter(p -> !before.get(p).equals(after.get(p))).count();
    assertThat(moved).isEqualTo(3);
    assertThat(after.values().stream().filter("d"::equals)).hasSize(3);
    for (String id : new String[] {"a", "b", "c"}) {
      assertThat(group.get(id).listener().revocations()).allSatisfy(e ->
          assertThat(after.get(e.partition())).isEqualTo("d"));
    }
  }
}
