// SPDX-License-Identifier: Apache-2.0
package dev.baton.demo.status;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.baton.partition.GroupStatus;
import dev.baton.recipes.BatonSession;
import dev.baton.recipes.SessionConfig;
import dev.baton.recipes.election.LeaderElection;
import dev.baton.recipes.election.Leadership;
import dev.baton.recipes.security.AclPolicy;
import dev.baton.recipes.security.Authentication;
import dev.baton.recipes.security.ZkIdentity;
import dev.baton.testkit.Closer;
import dev.baton.testkit.ZooKeeperServerExtension;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The status tool against znodes that only their creator may change and an observer identity may
 * read: with the observer's digest credentials it reads them; without credentials, or with a
 * stranger's, it exits with 3 and says it is not authorized.
 */
class StatusAuthorizationTest {
  @RegisterExtension static final ZooKeeperServerExtension ZK = new ZooKeeperServerExtension();

  private static final String SERVICE = "demo-service";
  private static final String SERVICE_PASSWORD = "service-secret";
  private static final String OBSERVER = "observer";
  private static final String OBSERVER_PASSWORD = "pw";
  private static final AclPolicy POLICY =
      AclPolicy.creatorOnly().withReaders(ZkIdentity.digest(OBSERVER, OBSERVER_PASSWORD));

  @RegisterExtension final Closer closer = new Closer();

  @Test
  void theObserversCredentialsReadAndNoCredentialsAreRefused() throws Exception {
    String election = "/secured/scheduler";
    String group = "/secured/stream";
    LeaderElection candidate = StatusFixtures.candidate(service(), election, "worker-1");
    Leadership term = candidate.awaitLeadership(Duration.ofSeconds(10)).orElseThrow();
    StatusFixtures.member(service(), group, "m1", null);
    StatusFixtures.member(service(), group, "m2", null);
    GroupStatus expected = StatusFixtures.settled(service(), group, 2);

    StatusRun observer =
        StatusRun.of(
            "--zookeeper",
            ZK.connectString(),
            "--election",
            election,
            "--group",
            group,
            "--digest",
            OBSERVER + ":" + OBSERVER_PASSWORD);
    assertThat(observer.exit()).as(observer.toString()).isEqualTo(StatusMain.OK);
    JsonNode json = observer.json();
    assertThat(json.get("election").get("leader").get("token").asText())
        .isEqualTo(term.token().toString());
    assertThat(json.get("group").get("partitions")).hasSize(StatusFixtures.PARTITIONS);
    assertThat(json.get("group").get("unowned").asLong()).isZero();
    for (GroupStatus.PartitionStatus p : expected.partitions()) {
      assertThat(json.get("group").get("partitions").get(p.partition()).get("owner").asText())
          .isEqualTo(p.owner().orElseThrow());
    }

    List<List<String>> refused =
        List.of(
            List.of(),
            List.of("--digest", "mallory:mallory-secret"),
            List.of("--digest", OBSERVER + ":wrong-password"));
    for (List<String> credentials : refused) {
      List<String> args =
          new ArrayList<>(
              List.of(
                  "--zookeeper",
                  ZK.connectString(),
                  "--election",
                  election,
                  "--group",
                  group,
                  "--timeout-ms",
                  "3000"));
      args.addAll(credentials);
      StatusRun run = StatusRun.of(args.toArray(String[]::new));
      assertThat(run.exit()).as(credentials + ": " + run).isEqualTo(StatusMain.UNAVAILABLE);
      assertThat(run.err())
          .as(credentials.toString())
          .contains("not authorized")
          .contains(election);
      assertThat(run.out()).isEmpty();
    }

    // The group alone is refused too (the election path is left at a readable, missing default).
    StatusRun groupOnly =
        StatusRun.of(
            "--zookeeper", ZK.connectString(), "--election", "/open/missing", "--group", group);
    assertThat(groupOnly.exit()).as(groupOnly.toString()).isEqualTo(StatusMain.UNAVAILABLE);
    assertThat(groupOnly.err()).contains("not authorized").contains(group);
  }

  private BatonSession service() {
    return closer.add(
        BatonSession.start(
            SessionConfig.builder(ZK.connectString())
                .sessionTimeout(Duration.ofSeconds(10))
                .authentication(Authentication.digest(SERVICE, SERVICE_PASSWORD))
                .aclPolicy(POLICY)
                .build()));
  }
}
