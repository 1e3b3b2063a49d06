// SPDX-License-Identifier: Apache-2.0
package dev.baton.bench.contender;

import dev.baton.fencing.FencingToken;
import java.util.Optional;
import org.apache.curator.drivers.TracerDriver;
import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.framework.recipes.leader.LeaderLatch;
import org.apache.curator.framework.recipes.leader.LeaderLatchListener;
import org.apache.zookeeper.ZooKeeper;

/**
 * Curator: its own {@link CuratorFramework} ({@link ZkClient#curator}) and a {@link LeaderLatch};
 * leaving is {@link LeaderLatch#close(LeaderLatch.CloseMode)} (silent) then {@link
 * CuratorFramework#close()}.
 */
final class CuratorCandidate extends ZkCandidate {
  private final CuratorFramework client;
  private final LeaderLatch latch;

  CuratorCandidate(String id, String path, ZkClient settings, TracerDriver tracer, Sink sink)
      throws InterruptedException {
    super(id, tracer, sink);
    client = settings.curator();
    if (tracer != null) {
      client.getZookeeperClient().setTracerDriver(tracer);
    }
    latch = new LeaderLatch(client, path, id);
    latch.addListener(
        new LeaderLatchListener() {
          @Override
          public void isLeader() {
            reportElected(Optional.empty());
          }

          @Override
          public void notLeader() {
            reportRevoked("NOT_LEADER");
          }
        });
  }

  @Override
  public void join() throws Exception {
    latch.start();
  }

  @Override
  public void closeRecipe() throws Exception {
    latch.close(LeaderLatch.CloseMode.SILENT);
  }

  @Override
  public void closeSession() {
    client.close();
  }

  @Override
  public ZooKeeper handle() throws Exception {
    return client.getZookeeperClient().getZooKeeper();
  }

  @Override
  public boolean isLeader() {
    return latch.hasLeadership();
  }

  @Override
  public Optional<FencingToken> token() {
    return Optional.empty();
  }
}
