// SPDX-License-Identifier: Apache-2.0
package dev.baton.readme;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.baton.partition.GroupMember;
import dev.baton.partition.PartitionOwnership;
import dev.baton.recipes.BatonSession;
import dev.baton.recipes.SessionConfig;
import dev.baton.testkit.ReadmeSnippets;
import dev.baton.testkit.ZooKeeperServerExtension;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The README's partition-ownership example is the snippet file {@link PartitionSnippet}, which
 * compiles as shown (imports included), and it runs against a real server.
 */
class ReadmePartitionTest {
  @RegisterExtension static final ZooKeeperServerExtension ZK = new ZooKeeperServerExtension();
  private final Map<Integer, Long> consuming = new ConcurrentHashMap<>();

  @Test
  void theReadmeExampleCompilesAsShownAndRuns() {
    PartitionSnippet snippet =
        new PartitionSnippet() {
          @Override
          protected void startConsuming(PartitionOwnership lease) {
            consuming.put(lease.partition(), lease.token().value());
          }

          @Override
          protected void stopConsuming(PartitionOwnership lease) {
            consuming.remove(lease.partition());
          }

          @Override
          protected void runUntilShutdown(GroupMember member) {
            await()
                .atMost(Duration.ofSeconds(20))
                .until(() -> member.ownedPartitions().size() == 64);
            assertThat(member.health().isHealthy()).isTrue();
          }
        };
    try (BatonSession session =
        BatonSession.start(SessionConfig.builder(ZK.connectString()).build())) {
      snippet.run(session);
    }
    assertThat(consuming).isEmpty(); // every partition was revoked on close
    ReadmeSnippets.assertInReadme(
        "partition-assignment/src/test/java/dev/baton/readme/PartitionSnippet.java");
  }
}
