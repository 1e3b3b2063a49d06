// SPDX-License-Identifier: Apache-2.0
package dev.baton.bench.scale;

import dev.baton.fencing.FencingToken;
import dev.baton.recipes.SessionConfig;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.function.BiConsumer;
import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.framework.CuratorFrameworkFactory;
import org.apache.curator.framework.recipes.leader.LeaderLatch;
import org.apache.curator.framework.recipes.leader.LeaderLatchListener;
import org.apache.zookeeper.ZooKeeper;

/**
 * A Curator candidate: its own {@link CuratorFramework}, built with exactly the client settings of
 * {@code BatonSession.start} (connect string, session and connection timeouts, the same retry
 * policy, and the ensemble tracker off), and a {@link LeaderLatch}.
 */
final class CuratorCandidate extends Candidate {
  private final CuratorFramework client;
  private final LeaderLatch latch;

  CuratorCandidate(int index, String path, Settings settings, BiConsumer<Candidate, Elected> sink)
      throws InterruptedException {
    super(index, sink);
    SessionConfig same = BatonCandidate.sessionConfig(settings);
    client =
        CuratorFrameworkFactory.builder()
            .connectString(same.connectString())
            .sessionTimeoutMs((int) same.sessionTimeout().toMillis())
            .connectionTimeoutMs((int) same.connectionTimeout().toMillis())
            .retryPolicy(same.retryPolicy())
            .ensembleTracker(false)
            .build();
    client.start();
    if (!client.blockUntilConnected(settings.connectionTimeoutMs(), TimeUnit.MILLISECONDS)) {
      client.close();
      throw new IllegalStateException("no connection to " + settings.connectString());
    }
    client.getZookeeperClient().setTracerDriver(tracer);
    latch = new LeaderLatch(client, path, "curator-" + index);
    latch.addListener(
        new LeaderLatchListener() {
          @Override
          public void isLeader() {
            reportElected(Optional.empty());
          }

          @Override
          public void notLeader() {
            // The run checks leadership with hasLeadership() after each handover.
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
  ZooKeeper handle() throws Exception {
    return client.getZookeeperClient().getZooKeeper();
  }

  @Override
  boolean isLeader() {
    return latch.hasLeadership();
  }

  @Override
  Optional<FencingToken> token() {
    return Optional.empty();
  }
}
