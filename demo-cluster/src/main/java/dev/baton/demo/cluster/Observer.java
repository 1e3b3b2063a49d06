// SPDX-License-Identifier: Apache-2.0
package dev.baton.demo.cluster;

import dev.baton.demo.DemoDefaults;
import dev.baton.partition.GroupStatus;
import dev.baton.recipes.BatonSession;
import dev.baton.recipes.election.ElectionObserver;
import java.util.Collection;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import org.apache.curator.utils.ThreadUtils;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The launcher's eyes: every 100 ms the workers' event lines, every 250 ms the leader and owners,
 * every second the servers' modes, into {@link ClusterState}; a failed read keeps the last view.
 */
final class Observer implements AutoCloseable {
  private static final Logger log = LoggerFactory.getLogger(Observer.class);

  private final BatonSession session;
  private final ClusterState state;
  private final DemoEnsemble ensemble;
  private final Supplier<Collection<WorkerProcess>> workers;
  private final ElectionObserver election;
  private final ScheduledExecutorService loop =
      Executors.newScheduledThreadPool(2, ThreadUtils.newGenericThreadFactory("demo-observer"));
  private volatile String lastProblem;

  Observer(
      BatonSession session,
      ClusterState state,
      DemoEnsemble ensemble,
      Supplier<Collection<WorkerProcess>> workers) {
    this.session = session;
    this.state = state;
    this.ensemble = ensemble;
    this.workers = workers;
    this.election = new ElectionObserver(session, DemoDefaults.ELECTION_PATH);
  }

  void start() {
    loop.scheduleWithFixedDelay(this::drainWorkers, 0, 100, TimeUnit.MILLISECONDS);
    loop.scheduleWithFixedDelay(this::readZooKeeper, 0, 250, TimeUnit.MILLISECONDS);
    loop.scheduleWithFixedDelay(this::probeServers, 0, 1, TimeUnit.SECONDS);
  }

  private void drainWorkers() {
    try {
      workers.get().forEach(WorkerProcess::drainEvents);
    } catch (RuntimeException e) {
      log.warn("reading the workers' events failed", e);
    }
  }

  private void readZooKeeper() {
    try {
      state.observeLeader(election.currentLeader());
      state.observeGroup(GroupStatus.read(session, DemoDefaults.GROUP_PATH));
      lastProblem = null;
    } catch (RuntimeException e) {
      String problem = e.toString();
      if (!problem.equals(lastProblem)) {
        log.info("cannot read the cluster's state from ZooKeeper now (retrying): {}", problem);
        lastProblem = problem;
      }
    }
  }

  private void probeServers() {
    try {
      ensemble.refreshModes();
    } catch (RuntimeException e) {
      log.debug("probing the servers failed: {}", e.toString());
    }
  }

  @Override
  public void close() {
    loop.shutdownNow();
    try {
      loop.awaitTermination(5, TimeUnit.SECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}
