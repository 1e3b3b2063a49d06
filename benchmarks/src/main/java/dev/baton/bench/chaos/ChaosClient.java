// SPDX-License-Identifier: Apache-2.0
package dev.baton.bench.chaos;

import dev.baton.bench.chaos.ChaosProtocol.Backend;
import dev.baton.bench.chaos.ChaosProtocol.Event;
import dev.baton.testkit.ChildJvm;
import dev.baton.testkit.SessionExpirer;
import dev.baton.testkit.TcpProxy;
import dev.baton.testkit.ZkProcessEnsemble;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.OptionalLong;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;

/**
 * One client process ({@code ChaosClientMain} in a child JVM) behind its own TCP proxies: one per
 * ZooKeeper server, one to the database, and on the lease backend its lease link, where the {@code
 * *Store} faults hit. Its state is read from its event lines.
 */
public final class ChaosClient implements AutoCloseable {
  /** The client's main, named by string: the client side of the harness builds it. */
  public static final String MAIN = "dev.baton.bench.chaos.client.ChaosClientMain";

  /** Small, quick-to-start client JVMs: a trial starts several at once. */
  public static final String[] JVM_OPTIONS = {
    "-Xmx128m", "-XX:+UseSerialGC", "-XX:TieredStopAtLevel=1", "-Xshare:auto"
  };

  static final Duration STOP_TIMEOUT = Duration.ofSeconds(20);
  private static final Duration ASK_TIMEOUT = Duration.ofSeconds(10);

  private final String id;
  private final List<TcpProxy> zkProxies;
  private final List<TcpProxy> storeProxies; // ZooKeeper's, or on the lease backend its lease link
  private final List<TcpProxy> allProxies;
  private final ChildJvm process;

  private ChaosClient(String id, List<TcpProxy> all, int zk, boolean lease, ChildJvm process) {
    this.id = id;
    this.allProxies = List.copyOf(all);
    this.zkProxies = allProxies.subList(0, zk);
    this.storeProxies = lease ? allProxies.subList(zk + 1, zk + 2) : zkProxies;
    this.process = process;
  }

  /** Starts a client on {@code backend}, with the further {@code --key=value} arguments. */
  static ChaosClient start(
      String id,
      ZkProcessEnsemble ensemble,
      ChaosCluster.Database db,
      Backend backend,
      List<String> protocolArgs) {
    List<TcpProxy> proxies = new ArrayList<>();
    try {
      for (int i = 0; i < ensemble.size(); i++) {
        proxies.add(TcpProxy.start("127.0.0.1", ensemble.clientPort(i)));
      }
      TcpProxy dbProxy = TcpProxy.start(db.host(), db.port());
      proxies.add(dbProxy);
      String connect =
          proxies.subList(0, ensemble.size()).stream()
              .map(TcpProxy::connectString)
              .collect(Collectors.joining(","));
      List<String> args = new ArrayList<>(protocolArgs);
      args.addAll(
          List.of(
              "--id=" + id,
              "--connect=" + connect,
              "--jdbc=" + db.throughProxy(dbProxy.port()),
              "--backend=" + backend.key()));
      if (backend == Backend.LEASE) {
        TcpProxy leaseProxy = TcpProxy.start(db.host(), db.port());
        proxies.add(leaseProxy);
        args.add("--lease-jdbc=" + db.throughProxy(leaseProxy.port()));
      }
      ChildJvm child =
          ChildJvm.builder(MAIN).jvmOptions(JVM_OPTIONS).args(args.toArray(String[]::new)).start();
      return new ChaosClient(id, proxies, ensemble.size(), backend == Backend.LEASE, child);
    } catch (RuntimeException e) {
      proxies.forEach(TcpProxy::close);
      throw e;
    }
  }

  public String id() {
    return id;
  }

  public ChildJvm process() {
    return process;
  }

  public List<String> lines() {
    return process.lines();
  }

  public List<Event> events() {
    return ChaosProtocol.parseAll(process.lines());
  }

  /** The event lines after the first {@code skipLines} output lines. */
  public List<Event> eventsAfter(int skipLines) {
    List<String> all = process.lines();
    return ChaosProtocol.parseAll(all.subList(Math.min(skipLines, all.size()), all.size()));
  }

  /** The token of the term or hold this client believes it has, by its events; empty if none. */
  public OptionalLong currentTerm() {
    OptionalLong term = OptionalLong.empty();
    for (Event e : events()) {
      switch (e.kind()) {
        case "ELECTED", "LOCKED" -> term = OptionalLong.of(e.number("token"));
        case "REVOKED", "UNLOCKED" -> term = OptionalLong.empty();
        default -> {}
      }
    }
    return term;
  }

  /** The partitions this member believes it owns, by its last events. */
  public Set<Integer> believedPartitions() {
    Set<Integer> owned = new TreeSet<>();
    for (Event e : events()) {
      switch (e.kind()) {
        case "ASSIGNED" -> owned.add(Integer.parseInt(e.get("partition")));
        case "RELEASED" -> owned.remove(Integer.parseInt(e.get("partition")));
        default -> {}
      }
    }
    return owned;
  }

  /** The index of the ZooKeeper server the client is connected to ({@code WHERE}), or -1. */
  public int connectedServer() {
    int port = Integer.parseInt(ask("WHERE", "CHAOS WHERE ", ASK_TIMEOUT).get("server"));
    return zkProxies.stream().map(TcpProxy::port).toList().indexOf(port);
  }

  /** The client's current ZooKeeper session id ({@code SESSION}). */
  public long sessionId() {
    return Long.parseUnsignedLong(ask("SESSION", "CHAOS SESSION ", ASK_TIMEOUT).get("session"), 16);
  }

  private Event ask(String command, String answerPrefix, Duration within) {
    return ChaosProtocol.parse(process.ask(command, answerPrefix, within)).orElseThrow();
  }

  /** A write the client decided and holds ({@code HELD}): its resource and token. */
  public record HeldWrite(String resource, long token) {}

  /** Holds the client's next decided writes ({@code HOLD}) and waits until one is held. */
  public HeldWrite holdWrites(Duration within) {
    Event e = ask("HOLD", "CHAOS HELD ", within);
    return new HeldWrite(e.get("resource"), e.number("token"));
  }

  public void releaseWrites() {
    process.send("RELEASE");
  }

  /** The {@code CONNECTION} states this client reported after its first {@code skip} lines. */
  public List<String> connectionStatesAfter(int skip) {
    return eventsAfter(skip).stream()
        .filter(e -> e.kind().equals("CONNECTION"))
        .map(e -> e.get("state"))
        .toList();
  }

  public Backend backend() {
    return storeProxies == zkProxies ? Backend.ZK : Backend.LEASE;
  }

  /** Cuts the client off its store (ZooKeeper, or its lease link): connections closed. */
  public void cutStore() {
    storeProxies.forEach(TcpProxy::cut);
  }

  /** Silences the client's traffic to its store: connections stay open, bytes are dropped. */
  public void blackholeStore() {
    storeProxies.forEach(TcpProxy::blackhole);
  }

  /** Ends {@link #cutStore()} or {@link #blackholeStore()}. */
  public void healStore() {
    storeProxies.forEach(TcpProxy::heal);
  }

  public void pause() {
    process.pause();
  }

  public void resume() {
    if (process.isPaused()) {
      process.resume();
    }
  }

  /** Client-side injected expiry (ZooKeeper's testable hook). */
  public void expireClientSide() {
    process.send("EXPIRE");
  }

  /** Server-side expiry: closes the client's session on the ensemble with a second handle. */
  public void expireOnServer(String ensembleConnectString) {
    Event e = ask("SESSION", "CHAOS SESSION ", ASK_TIMEOUT);
    SessionExpirer.expireOnServer(
        ensembleConnectString,
        Long.parseUnsignedLong(e.get("session"), 16),
        HexFormat.of().parseHex(e.get("password")),
        ASK_TIMEOUT);
  }

  /** Everything back to normal: proxies forward, the process runs. */
  void healAll() {
    allProxies.forEach(TcpProxy::heal);
    if (process.isAlive()) {
      resume();
      try {
        releaseWrites();
      } catch (RuntimeException e) {
        System.err.println("chaos: cannot release the held writes of " + id + ": " + e);
      }
    }
  }

  /** Graceful stop: STOP on stdin, then SIGTERM and SIGKILL if it does not end in time. */
  void stop() {
    healAll();
    if (process.isAlive()) {
      try {
        process.send("STOP");
      } catch (RuntimeException e) {
        // its input is closed: it ended
      }
      Waits.until(() -> !process.isAlive(), STOP_TIMEOUT);
    }
    process.terminate(Duration.ofSeconds(5));
  }

  @Override
  public void close() {
    try {
      process.close();
    } finally {
      allProxies.forEach(TcpProxy::close);
    }
  }

  @Override
  public String toString() {
    return "client " + id + " (" + process + ")";
  }
}
