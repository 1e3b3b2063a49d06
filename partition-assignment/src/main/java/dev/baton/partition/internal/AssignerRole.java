package dev.baton.partition.internal;

import dev.baton.partition.GroupConfig;
import dev.baton.partition.strategy.MemberProfile;
import dev.baton.recipes.election.Leadership;
import dev.baton.recipes.election.LeadershipListener;
import dev.baton.recipes.RevocationReason;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.curator.framework.CuratorFramework;

/**
 * Runs an {@link Assigner} for each term this member wins in the group's assigner election, and stops
 * it when the term is revoked. The assigner has its own thread, so the election's callbacks return at
 * once.
 */
public final class AssignerRole implements LeadershipListener {
  private final CuratorFramework client;
  private final GroupPaths paths;
  private final GroupConfig config;
  private final GroupMetrics metrics;
  private final GraceTracker grace;
  private final Map<String, MemberProfile> lastSeen = new ConcurrentHashMap<>();
  private volatile Assigner current;

  public AssignerRole(CuratorFramework client, GroupPaths paths, GroupConfig config,
      GroupMetrics metrics) {
    this.client = client;
    this.paths = paths;
    this.config = config;
    this.metrics = metrics;
    this.grace = new GraceTracker(config.rejoinGrace());
  }

  public boolean isAssigner() {
    return current != null;
  }

  @Override
  public void elected(Leadership leadership) {
    Assigner a = new Assigner(client, paths, config, leadership, metrics, grace, lastSeen);
    current = a;
    a.start();
  }

  @Override
  public void revoked(Leadership leadership, RevocationReason reason) {
    Assigner a = current;
    current = null;
    if (a != null) {
      a.stop();
    }
  }
}
