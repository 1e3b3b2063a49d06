// SPDX-License-Identifier: Apache-2.0
package dev.baton.partition;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.baton.recipes.BatonSession;
import dev.baton.recipes.RevocationReason;
import dev.baton.recipes.SessionConfig;
import dev.baton.testkit.ReadmeSnippets;
import dev.baton.testkit.ZooKeeperServerExtension;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** The README's partition-ownership example is this code, and it runs against a real server. */
class ReadmePartitionTest {
  private static final String SOURCE =
      "partition-assignment/src/test/java/dev/baton/partition/ReadmePartitionTest.java";
  @RegisterExtension static final ZooKeeperServerExtension ZK = new ZooKeeperServerExtension();
  private final Map<Integer, Long> consuming = new ConcurrentHashMap<>();

  private void startConsuming(PartitionLease lease) {
    consuming.put(lease.partition(), lease.token().value());
  }

  private void stopConsuming(PartitionLease lease) {
    consuming.remove(lease.partition());
  }

  private void runUntilShutdown(GroupMember member) {
    await().atMost(Duration.ofSeconds(20)).until(() -> member.ownedPartitions().size() == 64);
    assertThat(member.health().isHealthy()).isTrue();
  }

  private void example(BatonSession session) {
    // README:begin
    GroupConfig config = GroupConfig.builder("/services/ingest/consumers")
        .memberId("ingest-3")                 // stable across restarts, e.g. the pod name
        .partitionCount(64)
        .rejoinGrace(Duration.ofSeconds(30))  // a restart within 30 s gets its partitions back
        .build();
    try (GroupMember member = GroupMember.create(session, config, new PartitionListener() {
          @Override
          public void assigned(PartitionLease lease) {
            // On the member's callback pool, in order per partition. Fence writes with lease.token().
            startConsuming(lease);
          }

          @Override
          public void revoked(PartitionLease lease, RevocationReason reason) {
            // Drain here: the next owner starts only after this returns (or the drain timeout).
            stopConsuming(lease);
          }
        })) {
      member.start();
      runUntilShutdown(member);   // close() leaves the group: revokes, drains, releases
    }
    // README:end
  }

  @Test
  void theReadmeExampleIsThisCodeAndRuns() {
    try (BatonSession session =
        BatonSession.start(SessionConfig.builder(ZK.connectString()).build())) {
      example(session);
    }
    assertThat(consuming).isEmpty(); // every partition was revoked on close
    assertThat(ReadmeSnippets.javaBlock(2)).isEqualTo(ReadmeSnippets.markedRegion(SOURCE, 0));
  }
}
