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
import org.apache.curator.drivers.TracerDriver;
import org.apache.zookeeper.ZooKeeper;

/**
 * Baton: {@link BatonSession#start} and a {@link LeaderElection}; leaving is {@link
 * LeaderElection#close()} then {@link BatonSession#close()}.
 */
final class BatonCandidate extends ZkCandidate {
  private final BatonSession session;
  private final LeaderElection election;

  BatonCandidate(String id, String path, ZkClient client, TracerDriver tracer, Sink sink) {
    super(id, tracer, sink);
    session = BatonSession.start(client.sessionConfig());
    if (tracer != null) {
      session.curator().getZookeeperClient().setTracerDriver(tracer);
    }
    election =
        LeaderElection.create(
            session,
            ElectionConfig.builder(path).participantId(id).build(),
            new LeadershipListener() {
              @Override
              public void elected(Leadership leadership) {
                reportElected(Optional.of(leadership.token()));
              }

              @Override
              public void revoked(Leadership leadership, RevocationReason reason) {
                reportRevoked(reason.name());
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
