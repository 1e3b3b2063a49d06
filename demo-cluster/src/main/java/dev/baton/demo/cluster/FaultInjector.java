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
            WorkerProcess w = params.containsKey("worker") ? worker(params) : leader();
            int seconds = seconds(params);
            w.pause(clock.millis() + seconds * 1000L);
            endLater("pause", w, w::resume, seconds);
            yield "paused " + w.id() + " (pid " + w.pid() + ") with SIGSTOP for " + seconds + " s";
          }
          case "expire-session" -> {
            WorkerProcess w = params.containsKey("worker") ? worker(params) : leader();
            WorkerProcess.Session s = w.session(Duration.ofSeconds(5));
            SessionExpirer.expireOnServer(
                ensemble.plainConnectString(), s.id(), s.password(), Duration.ofSeconds(10));
            yield "expired "
                + w.id()
                + "'s session 0x"
                + Long.toHexString(s.id())
                + " on the server";
          }
          case "cut-worker" -> {
            WorkerProcess w = params.containsKey("worker") ? worker(params) : leader();
            int seconds = seconds(params);
            w.cut(clock.millis() + seconds * 1000L);
            endLater("cut", w, w::heal, seconds);
            yield "cut " + w.id() + " off ZooKeeper for " + seconds + " s";
          }
          case "kill-zk" -> {
            ZkProcessEnsemble zk = managed();
            int i = params.containsKey("server") ? server(params, zk) : zk.leaderIndex();
            zk.kill(i);
            yield "killed ZooKeeper server " + (i + 1) + " with SIGKILL";
          }
          case "restart-zk" -> {
            ZkProcessEnsemble zk = managed();
            int i = params.containsKey("server") ? server(params, zk) : firstDown(zk);
            if (zk.isRunning(i)) {
              throw new IllegalStateException("ZooKeeper server " + (i + 1) + " is running");
            }
            zk.restart(i);
            yield "restarted ZooKeeper server " + (i + 1);
          }
          case "add-worker" -> "started " + addWorker.get().id();
          case "remove-worker" -> {
            WorkerProcess w = params.containsKey("worker") ? worker(params) : newest();
            w.stop();
            yield "stopped " + w.id() + " gracefully";
          }
          default -> throw new IllegalArgumentException("unknown fault '" + kind + "'");
        };
    state.note("fault", null, message);
    return message;
  }

  /**
   * Ends a timed fault after {@code seconds}; a second pause is not cut short by the first timer.
   */
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

  private WorkerProcess worker(Map<String, String> params) {
    String id = params.get("worker");
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

  private static int seconds(Map<String, String> params) {
    String value = params.getOrDefault("seconds", Integer.toString(DEFAULT_SECONDS));
    try {
      int s = Integer.parseInt(value.trim());
      if (s < 1 || s > 300) {
        throw new IllegalArgumentException("seconds must be 1 to 300, got " + s);
      }
      return s;
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException("seconds must be a number, got '" + value + "'");
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

  private static int server(Map<String, String> params, ZkProcessEnsemble zk) {
    String value = params.get("server");
    try {
      int id = Integer.parseInt(value.trim());
      if (id < 1 || id > zk.size()) {
        throw new IllegalArgumentException("server must be 1 to " + zk.size() + ", got " + id);
      }
      return id - 1;
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException("server must be a number, got '" + value + "'");
    }
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
