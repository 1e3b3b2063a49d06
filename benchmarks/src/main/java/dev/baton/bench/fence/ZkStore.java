// SPDX-License-Identifier: Apache-2.0
package dev.baton.bench.fence;

import dev.baton.bench.BenchmarkFailure;
import dev.baton.bench.contender.ZkClient;
import dev.baton.bench.zk.ClientRequests;
import dev.baton.bench.zk.EmbeddedZooKeeper;
import dev.baton.fencing.FencingToken;
import dev.baton.fencing.StaleTokenException;
import dev.baton.fencing.zookeeper.ZkFence;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.EnumMap;
import java.util.Map;
import org.apache.curator.framework.CuratorFramework;
import org.apache.zookeeper.data.Stat;

/**
 * The ZooKeeper store of fence-overhead on one in-process server: per side ({@link Mode}) its own
 * client and data znode; a write is a setData of 64 bytes, through {@code ZkFence.write} on the
 * fenced sides (one fence object for the term; a fresh one per write for new terms, which reads the
 * fence znode first). Requests are counted per client ({@link ClientRequests}).
 */
final class ZkStore implements FenceStore {
  private static final String BASE = "/bench/fence-overhead";
  private static final String FENCES = BASE + "/fences";
  private static final String SAME_TERM = "same-term";
  private static final String NEW_TERM = "new-term";

  private final EmbeddedZooKeeper server;
  private final boolean fsync;
  private final Map<Mode, CuratorFramework> clients = new EnumMap<>(Mode.class);
  private final Map<Mode, ZkFence> fences = new EnumMap<>(Mode.class);
  private final Map<Mode, String> paths = new EnumMap<>(Mode.class);
  private final Map<Mode, Long> writes = new EnumMap<>(Mode.class);
  private final Map<Mode, Long> xidAtStart = new EnumMap<>(Mode.class);
  private final byte[] bytes = new byte[64];
  private final FencingToken sameTermToken = FencingToken.of(SqlStore.SCOPE, SqlStore.FIRST_TOKEN);
  private long newTermValue = SqlStore.FIRST_TOKEN;

  private ZkStore(EmbeddedZooKeeper server, boolean fsync) throws Exception {
    this.server = server;
    this.fsync = fsync;
    Arrays.fill(bytes, (byte) 'v');
    for (Mode mode : Mode.values()) {
      CuratorFramework client;
      try {
        client = new ZkClient(server.connectString(), 15_000, 5_000).curator();
      } catch (IllegalStateException e) {
        throw new BenchmarkFailure(
            "no connection to the embedded ZooKeeper server " + server.connectString());
      }
      clients.put(mode, client);
      fences.put(mode, ZkFence.create(client, FENCES));
      String path = BASE + "/data/" + mode.key();
      client.create().creatingParentsIfNeeded().forPath(path, bytes);
      paths.put(mode, path);
      writes.put(mode, 0L);
    }
  }

  /** Starts the server and the clients. */
  static ZkStore open(boolean fsync) throws Exception {
    EmbeddedZooKeeper server = EmbeddedZooKeeper.start(fsync);
    try {
      return new ZkStore(server, fsync);
    } catch (Exception | Error e) {
      server.close();
      throw e;
    }
  }

  String connectString() {
    return server.connectString();
  }

  @Override
  public String key() {
    return "zookeeper";
  }

  @Override
  public String resultExtras() {
    return " fsync=" + fsync;
  }

  @Override
  public void write(Mode mode) throws Exception {
    CuratorFramework client = clients.get(mode);
    String path = paths.get(mode);
    switch (mode) {
      case UNFENCED -> client.setData().forPath(path, bytes);
      case FENCED -> setData(fences.get(mode), SAME_TERM, sameTermToken, path, bytes);
      case NEW_TERM ->
          // A fresh fence object per write: a new term's writer is another process, which has
          // never written this fence znode and must read it first. Reusing one object would let it
          // skip that read (ZkFence remembers the version it last wrote).
          setData(
              ZkFence.create(client, FENCES),
              NEW_TERM,
              FencingToken.of(SqlStore.SCOPE, ++newTermValue),
              path,
              bytes);
      default -> throw new IllegalStateException(mode.toString());
    }
    writes.merge(mode, 1L, Long::sum);
  }

  @Override
  public void measuring() {
    for (Mode mode : Mode.values()) {
      xidAtStart.put(mode, xid(mode));
    }
  }

  @Override
  public double requestsPerWrite(Mode mode, long count) {
    Long start = xidAtStart.get(mode);
    long now = xid(mode);
    if (start == null || start < 0 || now < 0 || count == 0) {
      return -1;
    }
    return (double) (now - start) / count;
  }

  private long xid(Mode mode) {
    try {
      return ClientRequests.issued(clients.get(mode).getZookeeperClient().getZooKeeper());
    } catch (Exception e) {
      return -1;
    }
  }

  @Override
  public void verify() throws Exception {
    CuratorFramework client = clients.get(Mode.UNFENCED);
    for (Mode mode : Mode.values()) {
      long version = version(client, mode);
      if (version != writes.get(mode)) {
        throw new BenchmarkFailure(
            "zookeeper: the %s znode has version %d, %d writes were committed"
                .formatted(mode.key(), version, writes.get(mode)));
      }
    }
    expectHighest(SAME_TERM, sameTermToken);
    expectHighest(NEW_TERM, FencingToken.of(SqlStore.SCOPE, newTermValue));
    long before = version(client, Mode.FENCED);
    String path = paths.get(Mode.FENCED);
    try {
      setData(
          fences.get(Mode.FENCED),
          SAME_TERM,
          FencingToken.of(SqlStore.SCOPE, SqlStore.FIRST_TOKEN - 1),
          path,
          "stale".getBytes(StandardCharsets.UTF_8));
      throw new BenchmarkFailure("zookeeper: the fence accepted a stale token");
    } catch (StaleTokenException expected) {
      // rejected, as it must be
    }
    if (version(client, Mode.FENCED) != before) {
      throw new BenchmarkFailure("zookeeper: a write with a stale token changed the znode");
    }
  }

  /** A setData of {@code data} on {@code path} through {@code fence}, with {@code token}. */
  private static void setData(
      ZkFence fence, String resource, FencingToken token, String path, byte[] data) {
    fence.write(
        resource,
        token,
        tx -> {
          tx.add(tx.ops().setData().forPath(path, data));
          return null;
        });
  }

  private long version(CuratorFramework client, Mode mode) throws Exception {
    Stat stat = client.checkExists().forPath(paths.get(mode));
    if (stat == null) {
      throw new BenchmarkFailure("zookeeper: " + paths.get(mode) + " is missing");
    }
    return stat.getVersion();
  }

  private void expectHighest(String resource, FencingToken expected) {
    FencingToken highest = fences.get(Mode.FENCED).highest(resource).orElse(null);
    if (!expected.equals(highest)) {
      throw new BenchmarkFailure(
          "zookeeper: the fence of " + resource + " holds " + highest + ", expected " + expected);
    }
  }

  @Override
  public void close() throws Exception {
    for (CuratorFramework client : clients.values()) {
      client.close();
    }
    server.close();
  }
}
