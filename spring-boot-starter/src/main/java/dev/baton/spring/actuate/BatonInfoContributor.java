// SPDX-License-Identifier: Apache-2.0
package dev.baton.spring.actuate;

import dev.baton.spring.election.BatonElection;
import dev.baton.spring.partition.BatonPartitionGroup;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.Map;
import org.springframework.boot.actuate.info.Info;
import org.springframework.boot.actuate.info.InfoContributor;

/** {@code /actuator/info}'s {@code baton} section: what this instance knows, no backend read. */
public final class BatonInfoContributor implements InfoContributor {
  private final Collection<BatonElection> elections;
  private final Collection<BatonPartitionGroup> groups;

  /** The contributor of these elections and groups. */
  public BatonInfoContributor(
      Collection<BatonElection> elections, Collection<BatonPartitionGroup> groups) {
    this.elections = elections;
    this.groups = groups;
  }

  @Override
  public void contribute(Info.Builder builder) {
    Map<String, Object> electionInfo = new LinkedHashMap<>();
    for (BatonElection e : elections) {
      Map<String, Object> m = new LinkedHashMap<>();
      m.put("leader", e.isLeader());
      m.put("token", e.leadership().map(l -> l.token().toString()).orElse("none"));
      m.put("participantId", e.participantId());
      m.put("path", e.path());
      electionInfo.put(e.name(), m);
    }
    Map<String, Object> groupInfo = new LinkedHashMap<>();
    for (BatonPartitionGroup g : groups) {
      Map<String, Object> m = new LinkedHashMap<>();
      m.put("memberId", g.memberId());
      m.put("path", g.path());
      m.put("owned", g.ownedPartitions().keySet().stream().sorted().toList());
      groupInfo.put(g.name(), m);
    }
    Map<String, Object> baton = new LinkedHashMap<>();
    baton.put("elections", electionInfo);
    baton.put("partitions", groupInfo);
    builder.withDetail("baton", baton);
  }
}
