// SPDX-License-Identifier: Apache-2.0
package dev.baton.demo.cluster;

import dev.baton.testkit.SessionExpirer;
import dev.baton.testkit.ZkProcessEnsemble;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import org.apache.curator.utils.ThreadUtils;

/**
 * The dashboard's fault buttons, for real (signals, server-side expiry, proxy cuts, server kills,
 * workers added and removed). Thread-safe.
 */
final class FaultInjector implements AutoCloseable {
  /** Default length of a pause or cut. */
  static final int DEFAULT_SECONDS = 10;

  private final Supplier<List<WorkerProcess>> workers; // oldest first
  private final Supplier<WorkerProcess> addWorker;
  private final DemoEnsemble ensemble;
  private final ClusterState state;
  private final Clock clock;
  private final Map<String, ScheduledFuture<?>> endings = new ConcurrentHashMap<>();
  private final ScheduledExecutorService timers =
      Executors.newSingleThreadScheduledExecutor(
          ThreadUtils.newGenericThreadFactory("demo-fault-timers"));

  FaultInjector(
      Supplier<List<WorkerProcess>> workers,
      Supplier<WorkerProcess> addWorker,
      DemoEnsemble ensemble,
      ClusterState state,
      Clock clock) {
    this.workers = workers;
    this.addWorker = addWorker;
    this.ensemble = ensemble;
    this.state = state;
    this.clock = clock;
  }

  /** Injects {@code kind}; see {@link dev.baton.demo.web.DemoBackend#inject}. */
  String inject(String kind, Map<String, String> params) {
    String message =
        switch (kind) {
          case "kill-leader" -> {
            WorkerProcess w = leader();
            w.kill();
            yield "killed the leader " + w.id() + " (pid " + w.pid() + ") with SIGKILL";
          }
          case "pause-leader" -> {
            WorkerProcess w = worker(params, this::leader);
            int seconds = number(params, "seconds", 300);
            w.pause(clock.millis() + seconds * 1000L);
            endLater("pause", w, w::resume, seconds);
            yield "paused " + w.id() + " (pid " + w.pid() + ") with SIGSTOP for " + seconds + " s";
          }
          case "expire-session" -> {
            WorkerProcess w = worker(params, this::leader);
            WorkerProcess.Session s = w.session(Duration.ofSeconds(5));
            SessionExpirer.expireOnServer(
                ensemble.plainConnectString(), s.id(), s.password(), Duration.ofSeconds(10));
            yield "expired %s's session 0x%x on the server".formatted(w.id(), s.id());
          }
          case "cut-worker" -> {
            WorkerProcess w = worker(params, this::leader);
            int seconds = number(params, "seconds", 300);
            w.cut(clock.millis() + seconds * 1000L);
            endLater("cut", w, w::heal, seconds);
            yield "cut " + w.id() + " off ZooKeeper for " + seconds + " s";
          }
          case "kill-zk" -> {
            ZkProcessEnsemble zk = managed();
            int i =
                params.containsKey("server")
                    ? number(params, "server", zk.size()) - 1
                    : zk.leaderIndex();
            zk.kill(i);
            yield "killed ZooKeeper server " + (i + 1) + " with SIGKILL";
          }
          case "restart-zk" -> {
            ZkProcessEnsemble zk = managed();
            int i =
                params.containsKey("server")
                    ? number(params, "server", zk.size()) - 1
                    : firstDown(zk);
            if (zk.isRunning(i)) {
              throw new IllegalStateException("ZooKeeper server " + (i + 1) + " is running");
            }
            zk.restart(i);
            yield "restarted ZooKeeper server " + (i + 1);
          }
          case "add-worker" -> "started " + addWorker.get().id();
          case "remove-worker" -> {
            WorkerProcess w = worker(params, this::newest);
            w.stop();
            yield "stopped " + w.id() + " gracefully";
          }
          default -> throw new IllegalArgumentException("unknown fault '" + kind + "'");
        };
    state.note("fault", null, message);
    return message;
  }

  /** Ends a timed fault after {@code seconds}; a second pause cancels the first one's timer. */
  private void endLater(String kind, WorkerProcess w, Runnable end, int seconds) {
    ScheduledFuture<?> previous =
        endings.put(
            kind + ":" + w.id(),
            timers.schedule(
                () -> {
                  endings.remove(kind + ":" + w.id());
                  end.run();
                },
                seconds,
                TimeUnit.SECONDS));
    if (previous != null) {
      previous.cancel(false);
    }
  }

  private WorkerProcess leader() {
    String id =
        state.leader().orElseThrow(() -> new IllegalStateException("there is no leader right now"));
    WorkerProcess w = byId(id);
    if (w == null || !w.isAlive()) {
      throw new IllegalStateException("the leader " + id + " is not a running worker of this demo");
    }
    return w;
  }

  /** The {@code worker} parameter's running worker, else {@code otherwise}'s. */
  private WorkerProcess worker(Map<String, String> params, Supplier<WorkerProcess> otherwise) {
    String id = params.get("worker");
    if (id == null) {
      return otherwise.get();
    }
    WorkerProcess w = byId(id);
    if (w == null) {
      throw new IllegalArgumentException("no worker '" + id + "'");
    }
    if (!w.isAlive()) {
      throw new IllegalStateException("worker " + id + " is not running");
    }
    return w;
  }

  private WorkerProcess byId(String id) {
    return workers.get().stream().filter(w -> w.id().equals(id)).findFirst().orElse(null);
  }

  /** The worker {@code remove-worker} takes by default: the newest one alive. */
  private WorkerProcess newest() {
    List<WorkerProcess> alive = workers.get().stream().filter(WorkerProcess::isAlive).toList();
    if (alive.isEmpty()) {
      throw new IllegalStateException("no worker is running");
    }
    return alive.get(alive.size() - 1);
  }

  /** The parameter {@code name} (absent: {@link #DEFAULT_SECONDS}), 1 to {@code max}. */
  private static int number(Map<String, String> params, String name, int max) {
    String value = params.getOrDefault(name, Integer.toString(DEFAULT_SECONDS));
    try {
      int n = Integer.parseInt(value.trim());
      if (n < 1 || n > max) {
        throw new IllegalArgumentException(name + " must be 1 to " + max + ", got " + n);
      }
      return n;
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException(name + " must be a number, got '" + value + "'");
    }
  }

  private ZkProcessEnsemble managed() {
    return ensemble
        .managed()
        .orElseThrow(
            () ->
                new IllegalStateException(
                    "the demo runs on an external ensemble (--zookeeper): it cannot kill or restart its servers"));
  }

  private static int firstDown(ZkProcessEnsemble zk) {
    for (int i = 0; i < zk.size(); i++) {
      if (!zk.isRunning(i)) {
        return i;
      }
    }
    throw new IllegalStateException("every ZooKeeper server is running");
  }

  @Override
  public void close() {
    timers.shutdownNow();
  }
}
