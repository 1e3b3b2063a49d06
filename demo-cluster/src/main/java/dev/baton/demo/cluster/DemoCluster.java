// SPDX-License-Identifier: Apache-2.0
package dev.baton.demo.cluster;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.baton.demo.web.DemoBackend;
import dev.baton.recipes.BatonSession;
import dev.baton.recipes.SessionConfig;
import dev.baton.recipes.security.TlsConfig;
import java.sql.SQLException;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.h2.tools.Server;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** The running demo, the dashboard's {@link DemoBackend}; {@link #close()} leaves no process. */
public final class DemoCluster implements DemoBackend, AutoCloseable {
  private static final Logger log = LoggerFactory.getLogger(DemoCluster.class);
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final List<String[]> FAULTS =
      List.of(
          new String[] {"kill-leader", "Kill the leader"},
          new String[] {"pause-leader", "Pause the leader", "seconds"},
          new String[] {"expire-session", "Expire a session", "worker"},
          new String[] {"cut-worker", "Cut a worker off ZooKeeper", "worker", "seconds"},
          new String[] {"kill-zk", "Kill a ZooKeeper server", "server"},
          new String[] {"restart-zk", "Restart a ZooKeeper server", "server"},
          new String[] {"add-worker", "Add a worker"},
          new String[] {"remove-worker", "Remove a worker", "worker"});

  private final DemoOptions options;
  private final DemoEnsemble ensemble;
  private final Server h2;
  private final String jdbcUrl;
  private final ClusterState state = new ClusterState(Clock.systemUTC());
  private final Map<String, WorkerProcess> workers = new LinkedHashMap<>();
  private final BatonSession observerSession;
  private final Observer observer;
  private final FaultInjector faults;
  private int nextWorker = 1;
  private boolean closed;

  /** Live workers at most: each is a JVM of its own. */
  static final int MAX_WORKERS = 16;

  private DemoCluster(DemoOptions options, DemoEnsemble ensemble, Server h2, String jdbcUrl) {
    this.options = options;
    this.ensemble = ensemble;
    this.h2 = h2;
    this.jdbcUrl = jdbcUrl;
    this.observerSession = BatonSession.start(sessionConfig());
    this.observer = new Observer(observerSession, state, ensemble, this::workerList);
    this.faults =
        new FaultInjector(this::workerList, this::addWorker, ensemble, state, Clock.systemUTC());
  }

  /** Starts the ensemble (or adopts the given one), the database, the observer and the workers. */
  public static DemoCluster start(DemoOptions options) {
    DemoEnsemble ensemble =
        options
            .zookeeper()
            .map(DemoEnsemble::external)
            .orElseGet(() -> DemoEnsemble.start(options.servers(), options.tls()));
    Server h2 = null;
    DemoCluster cluster = null;
    try {
      String url;
      if (options.jdbcUrl().isPresent()) {
        url = options.jdbcUrl().get();
      } else {
        h2 = Server.createTcpServer("-tcpPort", "0", "-ifNotExists").start();
        url = "jdbc:h2:tcp://127.0.0.1:" + h2.getPort() + "/mem:baton-demo;DB_CLOSE_DELAY=-1";
      }
      cluster = new DemoCluster(options, ensemble, h2, url);
      cluster.observer.start();
      for (int i = 0; i < options.workers(); i++) {
        cluster.addWorker();
      }
      return cluster;
    } catch (SQLException | RuntimeException e) {
      if (cluster != null) {
        cluster.close();
      } else {
        if (h2 != null) {
          h2.stop();
        }
        ensemble.close();
      }
      throw new IllegalStateException("cannot start the demo: " + e.getMessage(), e);
    }
  }

  private SessionConfig sessionConfig() {
    SessionConfig.Builder b =
        SessionConfig.builder(ensemble.connectString())
            .sessionTimeout(Duration.ofSeconds(15))
            .connectionTimeout(Duration.ofSeconds(15));
    ensemble
        .certificates()
        .ifPresent(
            c ->
                b.tls(
                    TlsConfig.builder()
                        .trustStore(c.trustStore(), c.password())
                        .keyStore(c.clientKeyStore(), c.password())
                        .build()));
    return b.build();
  }

  /** Starts one more worker. */
  WorkerProcess addWorker() {
    // Under the lock from the check to the registration, so that close() sees every worker started.
    WorkerProcess w;
    synchronized (workers) {
      if (closed) {
        throw new IllegalStateException("the demo is stopping");
      }
      if (workers.values().stream().filter(WorkerProcess::isAlive).count() >= MAX_WORKERS) {
        throw new IllegalStateException("at most " + MAX_WORKERS + " workers run at once");
      }
      String id = "w" + nextWorker++;
      w = WorkerProcess.start(id, ensemble.addresses(), workerArgs(), state::onWorkerEvent);
      workers.put(id, w);
    }
    String id = w.id();
    state.note("worker", id, "started worker " + id + " (pid " + w.pid() + ")");
    return w;
  }

  private List<String> workerArgs() {
    List<String> args = new ArrayList<>(List.of("--jdbc", jdbcUrl));
    args.addAll(List.of("--partitions", Integer.toString(options.partitions())));
    args.addAll(List.of("--session-timeout-ms", Integer.toString(options.sessionTimeoutMs())));
    if (options.jdbcUrl().isPresent()) {
      args.addAll(
          List.of("--jdbc-user", options.jdbcUser(), "--jdbc-password", options.jdbcPassword()));
    }
    ensemble
        .certificates()
        .ifPresent(
            c -> {
              args.addAll(List.of("--tls-trust", c.trustStore().toString()));
              args.addAll(List.of("--tls-key", c.clientKeyStore().toString()));
              args.addAll(List.of("--tls-password", c.password()));
            });
    return args;
  }

  /** Every worker started, oldest first. */
  private List<WorkerProcess> workerList() {
    synchronized (workers) {
      return new ArrayList<>(workers.values());
    }
  }

  /** The ensemble's connect string (its secure ports with TLS). */
  public String connectString() {
    return ensemble.connectString();
  }

  @Override
  public String stateJson() {
    ObjectNode root = JSON.createObjectNode();
    ensemble.writeTo(root.putObject("zookeeper"));
    state.writeTo(root, options.partitions());
    String leader = state.leader().orElse(null);
    ArrayNode ws = root.putArray("workers");
    for (WorkerProcess w : workerList()) {
      ObjectNode n = ws.addObject();
      n.put("id", w.id());
      n.put("pid", w.pid());
      n.put("state", w.state().name().toLowerCase(java.util.Locale.ROOT));
      n.put("leader", w.id().equals(leader));
      ArrayNode ps = n.putArray("partitions");
      state.partitionsOf(w.id()).forEach(ps::add);
      long[] counts = state.countsOf(w.id());
      n.put("jobs", counts[0]);
      n.put("results", counts[1]);
      n.put("until", w.until());
    }
    ArrayNode fs = root.putArray("faults");
    for (String[] f : FAULTS) {
      ObjectNode n = fs.addObject();
      n.put("kind", f[0]);
      n.put("label", f[1]);
      ArrayNode params = n.putArray("params");
      for (int i = 2; i < f.length; i++) {
        params.add(f[i]);
      }
    }
    return root.toString();
  }

  @Override
  public String inject(String kind, Map<String, String> params) {
    return faults.inject(kind, params);
  }

  @Override
  public void close() {
    synchronized (workers) {
      closed = true;
    }
    faults.close();
    observer.close();
    List<WorkerProcess> all = workerList();
    all.parallelStream()
        .forEach(
            w -> {
              try {
                w.close();
                log.info("worker {} ended (exit code {})", w.id(), w.exitCode().orElse(-1));
              } catch (RuntimeException e) {
                log.warn("stopping worker {} failed", w.id(), e);
              }
            });
    observerSession.close();
    if (h2 != null) {
      h2.stop();
    }
    ensemble.close();
  }
}
