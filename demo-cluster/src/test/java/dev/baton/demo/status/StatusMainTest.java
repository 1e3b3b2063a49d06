// SPDX-License-Identifier: Apache-2.0
package dev.baton.demo.status;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import dev.baton.demo.DemoDefaults;
import dev.baton.partition.GroupMember;
import dev.baton.partition.GroupStatus;
import dev.baton.partition.PartitionOwnership;
import dev.baton.recipes.BatonSession;
import dev.baton.recipes.SessionConfig;
import dev.baton.recipes.election.LeaderElection;
import dev.baton.recipes.election.Leadership;
import dev.baton.testkit.Closer;
import dev.baton.testkit.FreePorts;
import dev.baton.testkit.ZooKeeperServerExtension;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.curator.utils.ZKPaths;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The status tool against a real server: a real election and a real group read back as the recipes
 * themselves see them; missing paths, bad arguments and an unreachable server.
 */
class StatusMainTest {
  @RegisterExtension static final ZooKeeperServerExtension ZK = new ZooKeeperServerExtension();
  private static final AtomicInteger ROOTS = new AtomicInteger();

  @RegisterExtension final Closer closer = new Closer();

  @Test
  void printsTheLeaderAndThePartitionOwnersAsTheRecipesSeeThem() {
    String root = "/status-" + ROOTS.incrementAndGet();
    String electionPath = root + "/scheduler";
    String group = root + "/stream";
    LeaderElection first = StatusFixtures.candidate(session(), electionPath, "worker-1");
    Leadership term =
        await()
            .atMost(Duration.ofSeconds(10))
            .until(first::leadership, l -> l.isPresent())
            .orElseThrow();
    LeaderElection second = StatusFixtures.candidate(session(), electionPath, "worker-2");
    await().atMost(Duration.ofSeconds(10)).until(() -> second.participants().size() == 2);
    BatonSession s1 = session();
    BatonSession s2 = session();
    List<GroupMember> members =
        List.of(
            StatusFixtures.member(s1, group, "m1", null),
            StatusFixtures.member(s2, group, "m2", "zone-b"));
    GroupStatus expected = StatusFixtures.settled(session(), group, 2);

    StatusRun run =
        StatusRun.of(
            "--zookeeper", ZK.connectString(), "--election", electionPath, "--group", group);

    assertThat(run.exit()).as(run.toString()).isEqualTo(StatusMain.OK);
    assertThat(run.err()).isEmpty();
    assertThat(run.out().strip()).doesNotContain("\n");
    JsonNode json = run.json();
    assertThat(json.get("zookeeper").asText()).isEqualTo(ZK.connectString());

    JsonNode election = json.get("election");
    assertThat(election.get("path").asText()).isEqualTo(electionPath);
    JsonNode leader = election.get("leader");
    assertThat(leader.get("participant").asText()).isEqualTo("worker-1");
    assertThat(leader.get("token").asText()).isEqualTo(term.token().toString());
    assertThat(leader.get("tokenValue").asLong()).isEqualTo(term.token().value());
    assertThat(leader.get("node").asText()).isEqualTo(ZKPaths.getNodeFromPath(term.nodePath()));
    assertThat(texts(election.get("participants"), "participant"))
        .containsExactly("worker-1", "worker-2");
    assertThat(texts(election.get("participants"), "leader")).containsExactly("true", "false");
    assertThat(texts(election.get("participants"), "node"))
        .containsExactlyElementsOf(second.participants().stream().map(p -> p.nodeName()).toList());

    JsonNode g = json.get("group");
    assertThat(g.get("path").asText()).isEqualTo(group);
    assertThat(g.get("generation").asLong()).isEqualTo(expected.generation()).isPositive();
    assertThat(g.get("assigner").get("participant").asText())
        .isEqualTo(expected.assigner().orElseThrow().participantId());
    assertThat(g.get("assigner").get("token").asText())
        .isEqualTo(expected.assigner().orElseThrow().token().toString());
    assertThat(texts(g.get("members"), "id")).containsExactly("m1", "m2");
    assertThat(g.get("members").get(0).get("zone").isNull()).isTrue();
    assertThat(g.get("members").get(1).get("zone").asText()).isEqualTo("zone-b");
    assertThat(g.get("members").get(1).get("weight").asInt()).isEqualTo(1);
    assertThat(texts(g.get("members"), "sessionId"))
        .containsExactly(
            "0x" + Long.toHexString(s1.sessionId()), "0x" + Long.toHexString(s2.sessionId()));
    assertThat(g.get("unowned").asLong()).isZero();
    assertThat(g.get("problems")).isEmpty();

    JsonNode partitions = g.get("partitions");
    assertThat(partitions).hasSize(StatusFixtures.PARTITIONS);
    for (GroupStatus.PartitionStatus p : expected.partitions()) {
      JsonNode entry = partitions.get(p.partition());
      assertThat(entry.get("partition").asInt()).isEqualTo(p.partition());
      assertThat(entry.get("assignedTo").asText()).isEqualTo(p.assignedTo().orElseThrow());
      assertThat(entry.get("owner").asText()).isEqualTo(p.owner().orElseThrow());
      assertThat(entry.get("token").asText()).isEqualTo(p.token().orElseThrow().toString());
      assertThat(entry.get("tokenValue").asLong()).isEqualTo(p.token().orElseThrow().value());
      assertThat(entry.get("since").asText()).isEqualTo(p.since().orElseThrow().toString());
      // ...and the owner itself holds that lease, with that token.
      GroupMember owner =
          members.stream()
              .filter(m -> m.memberId().equals(p.owner().get()))
              .findFirst()
              .orElseThrow();
      Map<Integer, PartitionOwnership> owned = owner.ownedPartitions();
      assertThat(owned).containsKey(p.partition());
      assertThat(owned.get(p.partition()).token().toString())
          .isEqualTo(entry.get("token").asText());
    }

    StatusRun pretty =
        StatusRun.of(
            "--zookeeper=" + ZK.connectString(),
            "--election=" + electionPath,
            "--group=" + group,
            "--pretty");
    assertThat(pretty.exit()).isZero();
    assertThat(pretty.out()).contains("\n  \"election\" : {");
    assertThat(pretty.json()).isEqualTo(json);
  }

  @Test
  void missingPathsReadAsNoLeaderAndNoMembers() {
    StatusRun defaults = StatusRun.of("--zookeeper", ZK.connectString());
    assertThat(defaults.exit()).as(defaults.toString()).isZero();
    JsonNode json = defaults.json();
    assertThat(json.get("election").get("path").asText()).isEqualTo(DemoDefaults.ELECTION_PATH);
    assertThat(json.get("group").get("path").asText()).isEqualTo(DemoDefaults.GROUP_PATH);
    assertEmpty(json);

    StatusRun missing =
        StatusRun.of(
            "--zookeeper",
            ZK.connectString(),
            "--election",
            "/no/such/election",
            "--group",
            "/no/such/group",
            "--timeout-ms",
            "3000");
    assertThat(missing.exit()).as(missing.toString()).isZero();
    assertEmpty(missing.json());
  }

  private static void assertEmpty(JsonNode json) {
    assertThat(json.get("election").get("leader").isNull()).isTrue();
    assertThat(json.get("election").get("participants")).isEmpty();
    JsonNode g = json.get("group");
    assertThat(g.get("generation").asLong()).isZero();
    assertThat(g.get("assigner").isNull()).isTrue();
    assertThat(g.get("members")).isEmpty();
    assertThat(g.get("partitions")).isEmpty();
    assertThat(g.get("unowned").asLong()).isZero();
    assertThat(g.get("problems")).isEmpty();
  }

  @Test
  void badArgumentsExitWithTwoAndTheUsage() {
    String zk = ZK.connectString();
    List<String[]> cases =
        List.of(
            new String[] {"--bogus"},
            new String[] {"--zookeeper"},
            new String[] {"--zookeeper", zk, "--timeout-ms", "soon"},
            new String[] {"--zookeeper", zk, "--timeout-ms", "0"},
            new String[] {"--zookeeper", zk, "--election", "relative/path"},
            new String[] {"--zookeeper", zk, "--group", "/a//b"},
            new String[] {"--zookeeper", zk, "--group", "/a@b"},
            new String[] {"--zookeeper", zk, "--digest", "no-colon"},
            new String[] {"--zookeeper", zk, "--digest", ":password"},
            new String[] {"--zookeeper", zk, "--tls-key", "client.p12"},
            new String[] {"--zookeeper", zk, "--tls-trust", "/no/such/truststore.p12"},
            new String[] {"--zookeeper", zk, "--pretty=yes"},
            new String[] {"--zookeeper", ""},
            new String[] {"extra"});
    for (String[] args : cases) {
      StatusRun run = StatusRun.of(args);
      assertThat(run.exit())
          .as(String.join(" ", args) + ": " + run)
          .isEqualTo(StatusMain.BAD_ARGUMENTS);
      assertThat(run.err()).as(String.join(" ", args)).startsWith("status: ").contains("Usage:");
      assertThat(run.out()).isEmpty();
    }
  }

  @Test
  void helpPrintsTheUsage() {
    StatusRun run = StatusRun.of("--help");
    assertThat(run.exit()).isZero();
    assertThat(run.out())
        .contains(
            "Usage:",
            "--zookeeper",
            "--digest",
            "--tls-trust",
            "--timeout-ms",
            DemoDefaults.ELECTION_PATH,
            DemoDefaults.GROUP_PATH);
  }

  @Test
  void anUnreachableServerExitsWithThreeQuickly() {
    String nowhere = "127.0.0.1:" + FreePorts.next();
    StatusRun run = StatusRun.of("--zookeeper", nowhere, "--timeout-ms", "1000");
    assertThat(run.exit()).as(run.toString()).isEqualTo(StatusMain.UNAVAILABLE);
    assertThat(run.err()).startsWith("status: ").contains(nowhere);
    assertThat(run.out()).isEmpty();
    assertThat(run.took()).isLessThan(Duration.ofSeconds(5));
  }

  private BatonSession session() {
    return closer.add(
        BatonSession.start(
            SessionConfig.builder(ZK.connectString())
                .sessionTimeout(Duration.ofSeconds(10))
                .build()));
  }

  private static List<String> texts(JsonNode array, String field) {
    List<String> out = new ArrayList<>();
    array.forEach(n -> out.add(n.get(field).asText()));
    return out;
  }
}
