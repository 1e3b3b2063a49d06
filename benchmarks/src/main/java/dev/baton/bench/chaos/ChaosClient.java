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
 * One client process ({@code ChaosClientMain} in a child JVM) with its own network: a TCP proxy in
 * front of each ZooKeeper server (its connect string lists only its proxies, so the harness can
 * cut, blackhole or delay this client alone, and sees which server it talks to) and a TCP proxy in
 * front of the database. Its state (what it believes it owns) is read from its event lines.
 *
 * <p>On the lease backend ({@link Backend#LEASE}) the client elects on a lease row of the trial's
 * database, reached through a second proxy of its own, its lease link, apart from the database
 * proxy its writes go through: the {@code *Store} faults ({@link #cutStore()}, {@link
 * #blackholeStore()}) hit the lease link then, as they hit the ZooKeeper proxies on ZooKeeper, and
 * the owner keeps reaching the fence, as on ZooKeeper it keeps its database.
 */
public final class ChaosClient implements AutoCloseable {
  /** The client's main, named by string: it is built by the client side of the harness. */
  public static final String MAIN = "dev.baton.bench.chaos.client.ChaosClientMain";

  /** A client JVM's options: small and quick to start, since a trial starts several at once. */
  public static final String[] JVM_OPTIONS = {
    "-Xmx128m", "-XX:+UseSerialGC", "-XX:TieredStopAtLevel=1", "-Xshare:auto"
  };

  static final Duration STOP_TIMEOUT = Duration.ofSeconds(20);
  private static final Duration ASK_TIMEOUT = Duration.ofSeconds(10);

  private final String id;
  private final List<TcpProxy> zkProxies;
  private final TcpProxy dbProxy;
  private final TcpProxy leaseProxy; // null on ZooKeeper
  private final ChildJvm process;

  private ChaosClient(
      String id,
      List<TcpProxy> zkProxies,
      TcpProxy dbProxy,
      TcpProxy leaseProxy,
      ChildJvm process) {
    this.id = id;
    this.zkProxies = zkProxies;
    this.dbProxy = dbProxy;
    this.leaseProxy = leaseProxy;
    this.process = process;
  }

  /**
   * Starts a client electing on {@code backend}; {@code protocolArgs} are further {@code
   * --key=value} arguments of the protocol.
   */
  static ChaosClient start(
      String id,
      ZkProcessEnsemble ensemble,
      ChaosCluster.Database db,
      Backend backend,
      List<String> protocolArgs) {
    List<TcpProxy> proxies = new ArrayList<>();
    TcpProxy dbProxy = null;
    TcpProxy leaseProxy = null;
    try {
      for (int i = 0; i < ensemble.size(); i++) {
        proxies.add(TcpProxy.start("127.0.0.1", ensemble.clientPort(i)));
      }
      dbProxy = TcpProxy.start(db.host(), db.port());
      String connect =
          proxies.stream().map(TcpProxy::connectString).collect(Collectors.joining(","));
      List<String> args = new ArrayList<>(protocolArgs);
      args.add("--id=" + id);
      args.add("--connect=" + connect);
      args.add("--jdbc=" + db.throughProxy(dbProxy.port()));
      args.add("--backend=" + backend.key());
      if (backend == Backend.LEASE) {
        leaseProxy = TcpProxy.start(db.host(), db.port());
        args.add("--lease-jdbc=" + db.throughProxy(leaseProxy.port()));
      }
      ChildJvm child =
          ChildJvm.builder(MAIN).jvmOptions(JVM_OPTIONS).args(args.toArray(String[]::new)).start();
      return new ChaosClient(id, List.copyOf(proxies), dbProxy, leaseProxy, child);
    } catch (RuntimeException e) {
      proxies.forEach(TcpProxy::close);
      if (dbProxy != null) {
        dbProxy.close();
      }
      if (leaseProxy != null) {
        leaseProxy.close();
      }
      throw e;
    }
  }

  public String id() {
    return id;
  }

  public ChildJvm process() {
    return process;
  }

  /** All complete output lines so far. */
  public List<String> lines() {
    return process.lines();
  }

  /** The event lines so far, in order. */
  public List<Event> events() {
    return ChaosProtocol.parseAll(process.lines());
  }

  /** The event lines after the first {@code skipLines} output lines. */
  public List<Event> eventsAfter(int skipLines) {
    List<String> all = process.lines();
    return ChaosProtocol.parseAll(all.subList(Math.min(skipLines, all.size()), all.size()));
  }

  /**
   * The token of the term (election, scheduler) or hold (lock) this client believes it has, by its
   * last events; empty if none.
   */
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

  /**
   * The ZooKeeper server this client's ZooKeeper handle says it is connected to (it asks the client
   * with {@code WHERE}; the port it reports is one of its proxies), or -1 when it is not connected.
   */
  public int connectedServer() {
    return serverOfPort(Integer.parseInt(ask("WHERE", "CHAOS WHERE ", ASK_TIMEOUT).get("server")));
  }

  /** The server index of a proxy port a client reported, or -1. */
  private int serverOfPort(int port) {
    for (int i = 0; i < zkProxies.size(); i++) {
      if (zkProxies.get(i).port() == port) {
        return i;
      }
    }
    return -1;
  }

  /** The client's current session id, as its ZooKeeper handle reports it ({@code SESSION}). */
  public long sessionId() {
    return Long.parseUnsignedLong(ask("SESSION", "CHAOS SESSION ", ASK_TIMEOUT).get("session"), 16);
  }

  private Event ask(String command, String answerPrefix, Duration within) {
    return ChaosProtocol.parse(process.ask(command, answerPrefix, within)).orElseThrow();
  }

  /** A write the client decided and holds ({@code HELD}): its resource and token. */
  public record HeldWrite(String resource, long token) {}

  /**
   * Holds the client's next writes once decided ({@code HOLD}) and waits until one is held.
   *
   * @throws IllegalStateException if no write is held within {@code within}
   */
  public HeldWrite holdWrites(Duration within) {
    Event e = ask("HOLD", "CHAOS HELD ", within);
    return new HeldWrite(e.get("resource"), e.number("token"));
  }

  /** Lets the held writes go ({@code RELEASE}). */
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

  /** What this client elects on. */
  public Backend backend() {
    return leaseProxy == null ? Backend.ZK : Backend.LEASE;
  }

  /** The proxies to its coordination store: ZooKeeper's, or on the lease backend its lease link. */
  private List<TcpProxy> storeProxies() {
    return leaseProxy == null ? zkProxies : List.of(leaseProxy);
  }

  /**
   * Cuts the client off its coordination store (ZooKeeper, or on the lease backend its lease link
   * only: its writes still reach the database): open connections closed, new ones refused.
   */
  public void cutStore() {
    storeProxies().forEach(TcpProxy::cut);
  }

  /**
   * Silences the client's traffic to its coordination store, as {@link #cutStore()} chooses it:
   * connections stay open, bytes are dropped.
   */
  public void blackholeStore() {
    storeProxies().forEach(TcpProxy::blackhole);
  }

  /** Ends {@link #cutStore()} or {@link #blackholeStore()}. */
  public void healStore() {
    storeProxies().forEach(TcpProxy::heal);
  }

  public void pause() {
    process.pause();
  }

  public void resume() {
    if (process.isPaused()) {
      process.resume();
    }
  }

  /** Client-side injected expiry (ZooKeeper's testable hook, in the client process). */
  public void expireClientSide() {
    process.send("EXPIRE");
  }

  /**
   * Real server-side expiry: asks the client for its session id and password, then closes that
   * session on the ensemble with a second handle ({@code SessionExpirer}), bypassing the client's
   * proxies.
   */
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
    zkProxies.forEach(TcpProxy::heal);
    dbProxy.heal();
    if (leaseProxy != null) {
      leaseProxy.heal();
    }
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
      zkProxies.forEach(TcpProxy::close);
      dbProxy.close();
      if (leaseProxy != null) {
        leaseProxy.close();
      }
    }
  }

  @Override
  public String toString() {
    return "client " + id + " (" + process + ")";
  }
}
