// SPDX-License-Identifier: Apache-2.0
package dev.baton.bench.failover;

import dev.baton.bench.BenchmarkFailure;
import dev.baton.testkit.FourLetterWords;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.apache.zookeeper.KeeperException;
import org.apache.zookeeper.Watcher;
import org.apache.zookeeper.ZooKeeper;
import org.apache.zookeeper.data.Stat;

/**
 * The benchmark's own view of an election, library-agnostic: raw ZooKeeper handles, one session on
 * each server, that list the queue with each znode's owning session and watch the leader's znode to
 * time its deletion (on the successor's own server, so that both hear of it from the same server at
 * the same moment); plus the servers' watch tables ({@code wchc}) to tell when a follower is
 * watching, and their connection tables ({@code cons}) to tell which server a session is on.
 */
record ElectionProbe(List<ZooKeeper> handles, Servers servers) implements AutoCloseable {
  /** One znode of the queue: its name and the session that owns it (its ephemeral owner). */
  record Entry(String name, long owner) {}

  /** Connects one session to each server. */
  static ElectionProbe connect(Servers servers, int sessionTimeoutMs) throws Exception {
    List<ZooKeeper> handles = new ArrayList<>();
    try {
      for (Servers.Address a : servers.addresses()) {
        handles.add(connect(a.host() + ":" + a.port(), sessionTimeoutMs));
      }
    } catch (Exception e) {
      for (ZooKeeper zk : handles) {
        zk.close();
      }
      throw e;
    }
    return new ElectionProbe(List.copyOf(handles), servers);
  }

  private static ZooKeeper connect(String server, int sessionTimeoutMs) throws Exception {
    CountDownLatch connected = new CountDownLatch(1);
    ZooKeeper zk =
        new ZooKeeper(
            server,
            sessionTimeoutMs,
            e -> {
              if (e.getState() == Watcher.Event.KeeperState.SyncConnected) {
                connected.countDown();
              }
            });
    if (!connected.await(30, TimeUnit.SECONDS)) {
      zk.close();
      throw new BenchmarkFailure("the probe cannot connect to " + server);
    }
    return zk;
  }

  /**
   * The queue under {@code path} in sequence order (by the 10-digit sequence suffix both libraries'
   * sequential znodes end with), each znode with its owner; znodes deleted while listing are left
   * out.
   */
  List<Entry> queue(String path) throws Exception {
    List<String> children;
    try {
      children = handles.get(0).getChildren(path, false);
    } catch (KeeperException.NoNodeException e) {
      return List.of();
    }
    List<Entry> out = new ArrayList<>();
    for (String child : children) {
      Stat stat = handles.get(0).exists(path + "/" + child, false);
      if (stat != null) {
        out.add(new Entry(child, stat.getEphemeralOwner()));
      }
    }
    out.sort(Comparator.comparing(ElectionProbe::sequence));
    return out;
  }

  private static String sequence(Entry e) {
    String n = e.name();
    return n.length() >= 10 ? n.substring(n.length() - 10) : n;
  }

  /**
   * Watches {@code znode} for its deletion from the server that session {@code near} is connected
   * to; the future completes with {@link System#nanoTime()} taken first thing in the watcher.
   *
   * @throws BenchmarkFailure if the znode does not exist, or no server has a connection of {@code
   *     near}
   */
  CompletableFuture<Long> watchDeletion(String znode, long near) throws Exception {
    CompletableFuture<Long> deleted = new CompletableFuture<>();
    Stat stat =
        handles
            .get(serverOf(near))
            .exists(
                znode,
                e -> {
                  long now = System.nanoTime();
                  if (e.getType() == Watcher.Event.EventType.NodeDeleted) {
                    deleted.complete(now);
                  }
                });
    if (stat == null) {
      throw new BenchmarkFailure("the leader's znode " + znode + " is gone before the signal");
    }
    return deleted;
  }

  /**
   * The index of the server session {@code sessionId} is connected to ({@code cons}).
   *
   * @throws BenchmarkFailure if none has it
   */
  int serverOf(long sessionId) {
    List<Servers.Address> addresses = servers.addresses();
    for (int i = 0; i < addresses.size(); i++) {
      Servers.Address a = addresses.get(i);
      if (hasSession(FourLetterWords.send(a.host(), a.port(), "cons"), sessionId)) {
        return i;
      }
    }
    throw new BenchmarkFailure(
        "no server has a connection of session 0x" + Long.toHexString(sessionId));
  }

  /** Whether a {@code cons} answer lists a connection of {@code sessionId}. */
  static boolean hasSession(String consAnswer, long sessionId) {
    String sid = "sid=0x" + Long.toHexString(sessionId);
    for (String part : consAnswer.split("[,()\\s]")) {
      if (part.equals(sid)) {
        return true;
      }
    }
    return false;
  }

  /**
   * The paths each session watches, by session id, over all servers ({@code wchc}; a client's
   * watches live on the server it is connected to).
   */
  Map<Long, Set<String>> watchesBySession() {
    Map<Long, Set<String>> out = new HashMap<>();
    for (Servers.Address a : servers.addresses()) {
      parseWchc(FourLetterWords.send(a.host(), a.port(), "wchc"), out);
    }
    return out;
  }

  /**
   * Adds a {@code wchc} answer ({@code 0x<session>} lines, each followed by tab-indented paths).
   */
  static void parseWchc(String answer, Map<Long, Set<String>> into) {
    Long session = null;
    for (String line : answer.split("\n")) {
      if (line.startsWith("0x")) {
        session = Long.parseUnsignedLong(line.trim().substring(2), 16);
      } else if (session != null && line.startsWith("\t") && !line.isBlank()) {
        into.computeIfAbsent(session, k -> new HashSet<>()).add(line.trim());
      }
    }
  }

  @Override
  public void close() {
    try {
      for (ZooKeeper zk : handles) {
        zk.close();
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted while closing the probe's session", e);
    }
  }
}
