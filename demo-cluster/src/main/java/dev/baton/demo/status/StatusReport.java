// SPDX-License-Identifier: Apache-2.0
package dev.baton.demo.status;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.baton.fencing.FencingToken;
import dev.baton.partition.GroupStatus;
import dev.baton.recipes.BatonSession;
import dev.baton.recipes.election.ElectionObserver;
import dev.baton.recipes.election.LeaderInfo;
import dev.baton.recipes.election.Participant;
import java.util.List;
import java.util.Optional;

/** Reads an election and a group and renders the status tool's JSON: the dashboard's view. */
final class StatusReport {
  /** Reads of the leader and of the queue that disagree (a handover between them) are retried. */
  private static final int ATTEMPTS = 5;

  private final ObjectMapper json;

  StatusReport(ObjectMapper json) {
    this.json = json;
  }

  /** The status of {@code electionPath} and {@code groupPath}. */
  ObjectNode read(
      BatonSession session, String connectString, String electionPath, String groupPath) {
    ObjectNode root = json.createObjectNode();
    root.put("zookeeper", connectString);
    root.set("election", election(session, electionPath));
    root.set("group", group(GroupStatus.read(session, groupPath)));
    return root;
  }

  private ObjectNode election(BatonSession session, String path) {
    ElectionObserver observer = new ElectionObserver(session, path);
    Optional<LeaderInfo> leader = Optional.empty();
    List<Participant> participants = List.of();
    for (int attempt = 0; attempt < ATTEMPTS; attempt++) {
      participants = observer.participants();
      leader = observer.currentLeader();
      if (consistent(leader, participants)) {
        break;
      }
    }
    String leaderNode = leader.map(LeaderInfo::nodeName).orElse(null);
    ObjectNode node = json.createObjectNode();
    node.put("path", path);
    node.set("leader", leader.map(this::leader).orElse(null));
    ArrayNode queue = node.putArray("participants");
    for (Participant p : participants) {
      queue
          .addObject()
          .put("participant", p.participantId())
          .put("node", p.nodeName())
          .put("leader", p.nodeName().equals(leaderNode));
    }
    return node;
  }

  private static boolean consistent(Optional<LeaderInfo> leader, List<Participant> participants) {
    if (leader.isEmpty()) {
      return participants.isEmpty();
    }
    return !participants.isEmpty()
        && participants.get(0).nodeName().equals(leader.get().nodeName());
  }

  private ObjectNode leader(LeaderInfo info) {
    ObjectNode node = json.createObjectNode().put("participant", info.participantId());
    token(node, info.token());
    return node.put("node", info.nodeName());
  }

  private static void token(ObjectNode node, FencingToken token) {
    node.put("token", token == null ? null : token.toString());
    node.put("tokenValue", token == null ? null : token.value());
  }

  private ObjectNode group(GroupStatus status) {
    ObjectNode node = json.createObjectNode();
    node.put("path", status.group());
    node.put("generation", status.generation());
    node.set("assigner", status.assigner().map(this::leader).orElse(null));
    ArrayNode members = node.putArray("members");
    for (GroupStatus.MemberStatus m : status.members()) {
      members
          .addObject()
          .put("id", m.id())
          .put("weight", m.weight())
          .put("zone", m.zone().orElse(null))
          .put("sessionId", "0x" + Long.toHexString(m.sessionId()))
          .put("joinedAt", m.joinedAt().toString());
    }
    ArrayNode partitions = node.putArray("partitions");
    for (GroupStatus.PartitionStatus p : status.partitions()) {
      ObjectNode entry =
          partitions
              .addObject()
              .put("partition", p.partition())
              .put("assignedTo", p.assignedTo().orElse(null))
              .put("owner", p.owner().orElse(null));
      token(entry, p.token().orElse(null));
      entry.put("since", p.since().map(Object::toString).orElse(null));
    }
    node.put("unowned", status.unowned());
    ArrayNode problems = node.putArray("problems");
    status.problems().forEach(problems::add);
    return node;
  }
}
