// SPDX-License-Identifier: Apache-2.0
package dev.baton.demo.status;

import static org.awaitility.Awaitility.await;

import dev.baton.partition.GroupConfig;
import dev.baton.partition.GroupMember;
import dev.baton.partition.GroupStatus;
import dev.baton.partition.PartitionListener;
import dev.baton.partition.PartitionOwnership;
import dev.baton.recipes.BatonSession;
import dev.baton.recipes.RevocationReason;
import dev.baton.recipes.election.ElectionConfig;
import dev.baton.recipes.election.LeaderElection;
import dev.baton.recipes.election.Leadership;
import dev.baton.recipes.election.LeadershipListener;
import java.time.Duration;

/** Elections and groups for the status tool to read: real recipes, each on the session given. */
final class StatusFixtures {
  static final int PARTITIONS = 6;

  private static final LeadershipListener QUIET_CANDIDATE =
      new LeadershipListener() {
        @Override
        public void elected(Leadership leadership) {}

        @Override
        public void revoked(Leadership leadership, RevocationReason reason) {}
      };
  private static final PartitionListener QUIET_MEMBER =
      new PartitionListener() {
        @Override
        public void assigned(PartitionOwnership lease) {}

        @Override
        public void revoked(PartitionOwnership lease, RevocationReason reason) {}
      };

  private StatusFixtures() {}

  /** A started candidate, closed with its session. */
  static LeaderElection candidate(BatonSession session, String path, String id) {
    LeaderElection election =
        LeaderElection.create(
            session, ElectionConfig.builder(path).participantId(id).build(), QUIET_CANDIDATE);
    session.closeWithSession(election);
    election.start();
    return election;
  }

  /** A started member of a group of {@value #PARTITIONS} partitions, closed with its session. */
  static GroupMember member(BatonSession session, String group, String id, String zone) {
    GroupConfig.Builder config =
        GroupConfig.builder(group)
            .memberId(id)
            .partitionCount(PARTITIONS)
            .rebalanceDelay(Duration.ofMillis(50));
    if (zone != null) {
      config.zone(zone);
    }
    GroupMember member = GroupMember.create(session, config.build(), QUIET_MEMBER);
    session.closeWithSession(member);
    member.start();
    return member;
  }

  /** Waits until {@code members} members share every partition as assigned. */
  static GroupStatus settled(BatonSession observer, String group, int members) {
    return await()
        .atMost(Duration.ofSeconds(30))
        .pollInterval(Duration.ofMillis(100))
        .until(
            () -> GroupStatus.read(observer, group),
            s ->
                s.members().size() == members
                    && s.partitions().size() == PARTITIONS
                    && s.unowned() == 0
                    && s.assigner().isPresent()
                    && s.partitions().stream()
                        .allMatch(p -> p.owner().isPresent() && p.owner().equals(p.assignedTo())));
  }
}
