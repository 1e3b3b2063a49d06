// SPDX-License-Identifier: Apache-2.0
package dev.baton.bench.election;

import dev.baton.fencing.FencingToken;
import dev.baton.recipes.BatonSession;
import dev.baton.recipes.RevocationReason;
import dev.baton.recipes.SessionConfig;
import dev.baton.recipes.election.ElectionConfig;
import dev.baton.recipes.election.LeaderElection;
import dev.baton.recipes.election.Leadership;
import dev.baton.recipes.election.LeadershipListener;
import java.util.Optional;
import java.util.function.Consumer;
import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.framework.CuratorFrameworkFactory;

/**
 * A Baton candidate: {@link BatonSession#start} and a {@link LeaderElection}. Leaving is {@link
 * LeaderElection#close()} then {@link BatonSession#close()}.
 *
 * <p>With deep tracing the session wraps a Curator client built exactly as {@code
 * BatonSession.start} builds it, plus a tracing ZooKeeper factory ({@code BatonSession.start} takes
 * no factory).
 */
final class BatonContender extends Contender {
  private final BatonSession session;
  private final CuratorFramework ownClient;
  private final LeaderElection election;

  BatonContender(String label, String path, ClientSettings settings, Consumer<Elected> sink)
      throws InterruptedException {
    super(label, sink);
    SessionConfig config = settings.sessionConfig();
    if (settings.deepTrace()) {
      ownClient =
          CuratorFrameworkFactory.builder()
              .connectString(config.connectString())
              .sessionTimeoutMs((int) config.sessionTimeout().toMillis())
              .connectionTimeoutMs((int) config.connectionTimeout().toMillis())
              .retryPolicy(config.retryPolicy())
              .ensembleTracker(false)
              .zookeeperFactory(TracingZooKeeper.factory(trace))
              .build();
      ownClient.start();
      if (!ownClient.blockUntilConnected(
          settings.connectionTimeoutMs(), java.util.concurrent.TimeUnit.MILLISECONDS)) {
        ownClient.close();
        throw new IllegalStateException("no connection to " + settings.connectString());
      }
      session = BatonSession.wrap(ownClient);
    } else {
      ownClient = null;
      session = BatonSession.start(config);
    }
    session.curator().getZookeeperClient().setTracerDriver(trace);
    election =
        LeaderElection.create(
            session,
            settings.deepTrace()
                ? ElectionConfig.builder(path)
                    .participantId(label)
                    .clock(trace.markingClock())
                    .build()
                : ElectionConfig.builder(path).participantId(label).build(),
            new LeadershipListener() {
              @Override
              public void elected(Leadership leadership) {
                reportElected(Optional.of(leadership.token()));
              }

              @Override
              public void revoked(Leadership leadership, RevocationReason reason) {
                // The benchmark checks leadership through isLeader() after each handover.
              }
            });
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
    if (ownClient != null) {
      ownClient.close();
    }
  }

  @Override
  org.apache.zookeeper.ZooKeeper zooKeeperHandle() throws Exception {
    return session.curator().getZookeeperClient().getZooKeeper();
  }

  @Override
  boolean isLeader() {
    return election.isLeader();
  }

  @Override
  Optional<FencingToken> currentToken() {
    return election.leadership().map(Leadership::token);
  }
}
