// SPDX-License-Identifier: Apache-2.0
package dev.baton.bench.contender;

import dev.baton.fencing.FencingToken;
import dev.baton.recipes.BatonSession;
import dev.baton.recipes.RevocationReason;
import dev.baton.recipes.election.ElectionConfig;
import dev.baton.recipes.election.LeaderElection;
import dev.baton.recipes.election.Leadership;
import dev.baton.recipes.election.LeadershipListener;
import java.util.Optional;
import org.apache.curator.framework.CuratorFramework;
import org.apache.zookeeper.ZooKeeper;

/**
 * Baton: {@link BatonSession#start} and a {@link LeaderElection}; leaving is {@link
 * LeaderElection#close()} then {@link BatonSession#close()}. With a tracing ZooKeeper factory the
 * session wraps a Curator client built as {@code BatonSession.start} builds its own ({@code start}
 * takes no factory).
 */
final class BatonCandidate extends Candidate {
  private final CuratorFramework ownClient; // null unless traced: BatonSession.wrap does not own it
  private final BatonSession session;
  private final LeaderElection election;

  BatonCandidate(String id, String path, ZkClient client, Tracing tracing, Sink sink)
      throws InterruptedException {
    super(id, tracing.driver(), sink);
    ownClient = tracing.factory() == null ? null : client.curator(tracing.factory());
    session =
        ownClient == null
            ? BatonSession.start(client.sessionConfig(false))
            : BatonSession.wrap(ownClient);
    if (tracing.driver() != null) {
      session.curator().getZookeeperClient().setTracerDriver(tracing.driver());
    }
    ElectionConfig.Builder config = ElectionConfig.builder(path).participantId(id);
    if (tracing.clock() != null) {
      config.clock(tracing.clock());
    }
    election =
        LeaderElection.create(
            session,
            config.build(),
            new LeadershipListener() {
              @Override
              public void elected(Leadership leadership) {
                reportElected(Optional.of(leadership.token()));
              }

              @Override
              public void revoked(Leadership leadership, RevocationReason reason) {
                // The benchmarks check leadership through isLeader().
              }
            });
  }

  @Override
  public void join() {
    election.start();
  }

  @Override
  public void closeRecipe() {
    election.close();
  }

  @Override
  public void closeSession() {
    session.close();
    if (ownClient != null) {
      ownClient.close();
    }
  }

  @Override
  public ZooKeeper handle() throws Exception {
    return session.curator().getZookeeperClient().getZooKeeper();
  }

  @Override
  public boolean isLeader() {
    return election.isLeader();
  }

  @Override
  public Optional<FencingToken> token() {
    return election.leadership().map(Leadership::token);
  }
}
