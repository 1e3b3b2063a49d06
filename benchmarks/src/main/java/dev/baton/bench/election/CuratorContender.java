// SPDX-License-Identifier: Apache-2.0
package dev.baton.bench.election;

import dev.baton.fencing.FencingToken;
import dev.baton.recipes.SessionConfig;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.framework.CuratorFrameworkFactory;
import org.apache.curator.framework.recipes.leader.LeaderLatch;
import org.apache.curator.framework.recipes.leader.LeaderLatchListener;

/**
 * A Curator candidate: its own {@link CuratorFramework} and a {@link LeaderLatch}. Leaving is
 * {@link LeaderLatch#close()} then {@link CuratorFramework#close()}.
 *
 * <p>The client gets the settings {@code BatonSession.start} gives its own Curator client: session
 * and connection timeout and retry policy taken from the same {@link SessionConfig} (so the retry
 * policy is {@code SessionConfig}'s default), and the ensemble tracker off. Everything else is
 * Curator's default, as in {@code BatonSession.start} without security settings.
 */
final class CuratorContender extends Contender {
  private final CuratorFramework client;
  private final LeaderLatch latch;

  CuratorContender(String label, String path, ClientSettings settings, Consumer<Elected> sink)
      throws InterruptedException {
    super(label, sink);
    SessionConfig config = settings.sessionConfig();
    CuratorFrameworkFactory.Builder builder =
        CuratorFrameworkFactory.builder()
            .connectString(config.connectString())
            .sessionTimeoutMs((int) config.sessionTimeout().toMillis())
            .connectionTimeoutMs((int) config.connectionTimeout().toMillis())
            .retryPolicy(config.retryPolicy())
            .ensembleTracker(false);
    if (settings.deepTrace()) {
      builder.zookeeperFactory(TracingZooKeeper.factory(trace));
    }
    client = builder.build();
    client.start();
    if (!client.blockUntilConnected(settings.connectionTimeoutMs(), TimeUnit.MILLISECONDS)) {
      client.close();
      throw new IllegalStateException("no connection to " + settings.connectString());
    }
    client.getZookeeperClient().setTracerDriver(trace);
    latch = new LeaderLatch(client, path, label);
    latch.addListener(
        new LeaderLatchListener() {
          @Override
          public void isLeader() {
            reportElected(Optional.empty());
          }

          @Override
          public void notLeader() {
            // The benchmark checks leadership through hasLeadership() after each handover.
          }
        });
  }

  @Override
  void join() throws Exception {
    latch.start();
  }

  @Override
  void closeRecipe() throws Exception {
    latch.close();
  }

  @Override
  void closeSession() {
    client.close();
  }

  @Override
  org.apache.zookeeper.ZooKeeper zooKeeperHandle() throws Exception {
    return client.getZookeeperClient().getZooKeeper();
  }

  @Override
  boolean isLeader() {
    return latch.hasLeadership();
  }

  @Override
  Optional<FencingToken> currentToken() {
    return Optional.empty();
  }
}
