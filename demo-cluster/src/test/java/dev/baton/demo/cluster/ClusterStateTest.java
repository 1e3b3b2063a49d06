// SPDX-License-Identifier: Apache-2.0
package dev.baton.demo.cluster;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.baton.demo.worker.WorkerEvent;
import dev.baton.fencing.FencingToken;
import dev.baton.partition.GroupStatus;
import dev.baton.recipes.election.LeaderInfo;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** The dashboard's view, from ZooKeeper observations and worker events, without a server. */
class ClusterStateTest {
  private static final ObjectMapper JSON = new ObjectMapper();
  private final Clock clock = Clock.fixed(Instant.ofEpochMilli(1_000_000), ZoneOffset.UTC);
  private final ClusterState state = new ClusterState(clock);

  @Test
  void termsFollowTheObservedLeaderAndTakeTheReasonFromTheWorker() {
    state.observeLeader(Optional.of(leader("w1", 10)));
    state.observeLeader(Optional.of(leader("w1", 10)));
    ObjectNode revoked = WorkerEvent.create("revoked", "w1");
    revoked.put("tokenValue", 10);
    revoked.put("reason", "SESSION_LOST");
    state.onWorkerEvent(revoked);
    state.observeLeader(Optional.empty());
    state.observeLeader(Optional.of(leader("w2", 20)));

    JsonNode json = json();
    assertThat(json.path("leader").path("worker").asText()).isEqualTo("w2");
    assertThat(json.path("leader").path("tokenValue").asLong()).isEqualTo(20);
    assertThat(json.path("terms")).hasSize(2);
    assertThat(json.path("terms").get(0).path("reason").asText()).isEqualTo("SESSION_LOST");
    assertThat(json.path("terms").get(0).path("to").isNull()).isFalse();
    assertThat(json.path("terms").get(1).path("to").isNull()).isTrue();
    assertThat(texts(json))
        .containsSubsequence("w1 elected with token 10", "w2 elected with token 20");
  }

  @Test
  void ownersComeFromZooKeeperAndChangesReachTheTimeline() {
    state.observeGroup(group(owned(0, "w1", 5), owned(1, "w2", 6)));
    state.observeGroup(group(owned(0, "w2", 9), owned(1, "w2", 6)));
    JsonNode json = json();
    assertThat(json.path("partitions")).hasSize(3);
    assertThat(json.path("partitions").get(0).path("owner").asText()).isEqualTo("w2");
    assertThat(json.path("partitions").get(0).path("tokenValue").asLong()).isEqualTo(9);
    assertThat(json.path("partitions").get(2).path("owner").isNull()).isTrue();
    assertThat(state.partitionsOf("w2")).containsExactly(0, 1);
    assertThat(texts(json)).contains("w1 released partition 0", "w2 owns partition 0 with token 9");
  }

  @Test
  void jobsResultsAndRejectionsAreCounted() {
    state.onWorkerEvent(WorkerEvent.create("job", "w1"));
    state.onWorkerEvent(WorkerEvent.create("result", "w2"));
    ObjectNode rejected = WorkerEvent.create("rejected", "w1");
    rejected.put("what", "job");
    rejected.put("presentedValue", 10);
    rejected.put("currentValue", 20);
    state.onWorkerEvent(rejected);
    for (int i = 0; i < ClusterState.MAX_REJECTED + 5; i++) {
      state.onWorkerEvent(rejected);
    }
    JsonNode json = json();
    assertThat(json.path("jobs").path("created").asLong()).isEqualTo(1);
    assertThat(json.path("results").path("accepted").asLong()).isEqualTo(1);
    assertThat(json.path("rejected").path("total").asLong())
        .isEqualTo(ClusterState.MAX_REJECTED + 6);
    assertThat(json.path("rejected").path("recent")).hasSize(ClusterState.MAX_REJECTED);
    assertThat(state.countsOf("w1")).containsExactly(1, 0);
    assertThat(texts(json)).contains("fence rejected w1's job with stale token 10 (current 20)");
  }

  private JsonNode json() {
    ObjectNode root = JSON.createObjectNode();
    state.writeTo(root, 3);
    return root;
  }

  private static List<String> texts(JsonNode json) {
    return java.util.stream.StreamSupport.stream(json.path("timeline").spliterator(), false)
        .map(n -> n.path("text").asText())
        .toList();
  }

  private static LeaderInfo leader(String worker, long token) {
    return new LeaderInfo(worker, FencingToken.of("/baton-demo/scheduler", token), "_c_node");
  }

  private static GroupStatus.PartitionStatus owned(int p, String worker, long token) {
    return new GroupStatus.PartitionStatus(
        p,
        Optional.of(worker),
        Optional.of(worker),
        Optional.of(FencingToken.of("/baton-demo/stream/owners/" + p, token)),
        Optional.of(Instant.EPOCH));
  }

  private static GroupStatus group(GroupStatus.PartitionStatus... partitions) {
    return new GroupStatus(
        "/baton-demo/stream", List.of(), Optional.empty(), 1, List.of(partitions), List.of());
  }
}
