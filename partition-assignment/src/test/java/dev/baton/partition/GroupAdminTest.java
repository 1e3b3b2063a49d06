// SPDX-License-Identifier: Apache-2.0
package dev.baton.partition;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import dev.baton.recipes.BatonSession;
import dev.baton.recipes.CoordinationException;
import dev.baton.recipes.SessionConfig;
import dev.baton.testkit.Closer;
import dev.baton.testkit.ZooKeeperFixtures;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import org.apache.curator.test.TestingServer;
import org.assertj.core.api.ThrowableAssert.ThrowingCallable;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** The group administration API. */
class GroupAdminTest {
  private static final String GROUP = "/baton-test/admin-interrupt";
  @RegisterExtension final Closer closer = new Closer();

  /**
   * A session that has lost its server. Curator restores the interrupt flag itself when an
   * operation is interrupted, but not when the wait for a connection before it is, so there only
   * GroupAdmin can.
   */
  private BatonSession disconnectedSession() throws Exception {
    TestingServer server = closer.add(ZooKeeperFixtures.startServer());
    BatonSession session =
        closer.add(
            BatonSession.start(
                SessionConfig.builder(server.getConnectString())
                    .sessionTimeout(Duration.ofSeconds(4))
                    .build()));
    GroupAdmin.setPartitionCount(session, GROUP, 4);
    server.stop();
    await()
        .atMost(Duration.ofSeconds(20))
        .until(() -> !session.curator().getZookeeperClient().isConnected());
    return session;
  }

  @Test
  void setPartitionsKeepsTheInterrupt() throws Exception {
    BatonSession session = disconnectedSession();
    assertFailsInterrupted(() -> GroupAdmin.setPartitionCount(session, GROUP, 8));
  }

  @Test
  void partitionsKeepsTheInterrupt() throws Exception {
    BatonSession session = disconnectedSession();
    assertFailsInterrupted(() -> GroupAdmin.partitions(session, GROUP));
  }

  private static void assertFailsInterrupted(ThrowingCallable call) {
    Thread.currentThread().interrupt();
    try {
      assertThatThrownBy(call)
          .isInstanceOf(CoordinationException.class)
          .hasRootCauseInstanceOf(InterruptedException.class);
      assertThat(Thread.currentThread().isInterrupted())
          .as("the thread is still interrupted")
          .isTrue();
    } finally {
      Thread.interrupted();
    }
  }

  @Test
  void theAssignmentZnodeIsNamedAndDecodedThroughThePublicApi() {
    assertThat(GroupAdmin.assignmentPath("/svc/consumers")).isEqualTo("/svc/consumers/assignment");
    assertThatThrownBy(() -> GroupAdmin.assignmentPath("svc"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("group");
    AssignmentRecord written =
        new AssignmentRecord(
            12,
            "m-1",
            77,
            new TreeSet<>(List.of(0, 1, 2, 3)),
            new TreeMap<>(Map.of(0, "m-1", 1, "m-2", 3, "m-1")));
    GroupAdmin.Assignment read = GroupAdmin.decodeAssignment("/g/assignment", written.encode());
    assertThat(read.generation()).isEqualTo(12);
    assertThat(read.partitions()).containsExactly(0, 1, 2, 3);
    assertThat(read.assignedTo())
        .containsExactly(Map.entry(0, "m-1"), Map.entry(1, "m-2"), Map.entry(3, "m-1"));
    assertThatThrownBy(() -> read.assignedTo().put(2, "m-3"))
        .isInstanceOf(UnsupportedOperationException.class);
  }

  @Test
  void aMalformedAssignmentFailsWithTheZnodeNamed() {
    assertThatThrownBy(
            () ->
                GroupAdmin.decodeAssignment(
                    "/g/assignment",
                    "baton-assignment/1\ngeneration=007\n".getBytes(StandardCharsets.UTF_8)))
        .isInstanceOf(MalformedRecordException.class)
        .hasMessageContaining("/g/assignment")
        .hasMessageContaining("not a canonical number");
  }
}
