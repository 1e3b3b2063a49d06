// SPDX-License-Identifier: Apache-2.0
package dev.baton.partition;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.baton.testkit.ZooKeeperServerExtension;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Map;
import org.apache.curator.framework.CuratorFramework;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * A client with write access to the group (an open ACL) replaces the assignment with a record whose
 * generation is {@code Long.MAX_VALUE}: the group recovers with a valid assignment, a member that
 * joins gets partitions, and generations keep rising.
 */
class HostileAssignmentTest {
  private static final Duration WITHIN = Duration.ofSeconds(20);
  @RegisterExtension static final ZooKeeperServerExtension ZK = new ZooKeeperServerExtension();
  private TestGroup group;

  @AfterEach
  void check() {
    group.close();
    group.assertSafe();
  }

  @Test
  void aRecordWithTheLargestLongGenerationIsReplacedAndGenerationsKeepRising() throws Exception {
    group = new TestGroup(ZK.connectString(), b -> b.partitionCount(6));
    TestGroup.Member a = group.add("a");
    group.add("b");
    group.awaitAllOwned(6, WITHIN);
    CuratorFramework client = a.session().curator();
    String path = group.path + "/assignment";
    long before = generation(client, path);

    String valid = new String(client.getData().forPath(path), StandardCharsets.UTF_8);
    String hostile = valid.replaceFirst("(?m)^generation=\\d+$", "generation=" + Long.MAX_VALUE);
    assertThat(hostile).contains("generation=" + Long.MAX_VALUE);
    client.setData().forPath(path, hostile.getBytes(StandardCharsets.UTF_8));

    TestGroup.Member c = group.add("c");
    Map<Integer, String> owners = group.awaitAllOwned(6, WITHIN);
    assertThat(owners.values()).contains("a", "b", "c");
    await()
        .atMost(WITHIN)
        .until(() -> c.member().health().generation() == generation(client, path));
    long replaced = generation(client, path);
    assertThat(replaced).isGreaterThan(before).isLessThanOrEqualTo(AssignmentRecord.MAX_GENERATION);

    TestGroup.Member d = group.add("d");
    assertThat(group.awaitAllOwned(6, WITHIN).values()).contains("d");
    await()
        .atMost(WITHIN)
        .until(() -> d.member().health().generation() == generation(client, path));
    assertThat(generation(client, path)).isGreaterThan(replaced);
  }

  /** The published generation, which must decode (the assigner never writes what it rejects). */
  private static long generation(CuratorFramework client, String path) throws Exception {
    byte[] data = client.getData().forPath(path);
    return GroupAdmin.decodeAssignment(path, data).generation();
  }
}
