// SPDX-License-Identifier: Apache-2.0
package dev.baton.bench.scale;

import dev.baton.fencing.FencingToken;
import dev.baton.recipes.BatonSession;
import dev.baton.recipes.RevocationReason;
import dev.baton.recipes.SessionConfig;
import dev.baton.recipes.election.ElectionConfig;
import dev.baton.recipes.election.LeaderElection;
import dev.baton.recipes.election.Leadership;
import dev.baton.recipes.election.LeadershipListener;
import java.time.Duration;
import java.util.Optional;
import java.util.function.BiConsumer;
import org.apache.zookeeper.ZooKeeper;

/** A Baton candidate: {@link BatonSession#start} and a {@link LeaderElection}. */
final class BatonCandidate extends Candidate {
  private final BatonSession session;
  private final LeaderElection election;

  BatonCandidate(int index, String path, Settings settings, BiConsumer<Candidate, Elected> sink) {
    super(index, sink);
    session = BatonSession.start(sessionConfig(settings));
    session.curator().getZookeeperClient().setTracerDriver(tracer);
    election =
        LeaderElection.create(
            session,
            ElectionConfig.builder(path).participantId("baton-" + index).build(),
            new LeadershipListener() {
              @Override
              public void elected(Leadership leadership) {
                reportElected(Optional.of(leadership.token()));
              }

              @Override
              public void revoked(Leadership leadership, RevocationReason reason) {
                // The run checks leadership with isLeader() after each handover.
              }
            });
  }

  /** The session settings; the Curator candidate copies them, retry policy included. */
  static SessionConfig sessionConfig(Settings settings) {
    return SessionConfig.builder(settings.connectString())
        .sessionTimeout(Duration.ofMillis(settings.sessionTimeoutMs()))
        .connectionTimeout(Duration.ofMillis(settings.connectionTimeoutMs()))
        .build();
  }

  @Override
  void join() {
    election.start();
  }

  @Override
  void closeRecipe() {
    election.close();
  }

  @Override
  void closeSession() {
    session.close();
  }

  @Override
  ZooKeeper handle() throws Exception {
    return session.curator().getZookeeperClient().getZooKeeper();
  }

  @Override
  boolean isLeader() {
    return election.isLeader();
  }

  @Override
  Optional<FencingToken> token() {
    return election.leadership().map(Leadership::token);
  }
}
