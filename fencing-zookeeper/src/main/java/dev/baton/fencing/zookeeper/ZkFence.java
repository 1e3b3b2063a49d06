// SPDX-License-Identifier: Apache-2.0
package dev.baton.fencing.zookeeper;

import dev.baton.fencing.Fence;
import dev.baton.fencing.FencedAction;
import dev.baton.fencing.FencingException;
import dev.baton.fencing.FencingToken;
import dev.baton.fencing.WriteOutcomeUnknownException;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.security.SecureRandom;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.framework.api.transaction.CuratorOp;
import org.apache.curator.utils.PathUtils;
import org.apache.curator.utils.ZKPaths;
import org.apache.zookeeper.KeeperException;
import org.apache.zookeeper.ZooKeeper;
import org.apache.zookeeper.data.Stat;
import org.jspecify.annotations.Nullable;

/**
 * A fence znode per resource holding the highest accepted token, advanced by a versioned
 * compare-and-set in the same multi as the caller's ZooKeeper writes. For data written across terms
 * or by several recipes; {@link ZkOwnershipGuard} is cheaper for writes that must simply die with
 * the writer's ownership znode. Both protect only writes made through them. The fence znode {@code
 * <base>/<url-encoded resource>} is persistent and must not be deleted while in use. It holds the
 * token and each recent writer's last write ({@code FenceRecord}), read strictly: anything else
 * fails every write with {@link MalformedFenceException} and is never overwritten. Thread-safe. A
 * lost answer may have committed: the fence repeats the same multi against the same znode version,
 * so at most one commits; if the repeat is refused, the znode's entry for this fence proves whether
 * the write committed. Only when it cannot tell is the outcome a {@link
 * WriteOutcomeUnknownException}: every {@link FencingException} from {@link #write} means nothing
 * was committed, and no write is applied twice ({@code docs/recipes.md#fences}).
 */
public final class ZkFence implements Fence<ZkTransaction> {
  private static final int ATTEMPTS = 20;

  private final CuratorFramework client;
  private final String basePath;

  /** The record and znode version this fence itself last wrote, per resource. */
  private final Map<String, Seen> lastWritten = new ConcurrentHashMap<>();

  /** Draws the fences' names: one generator, made once (making one costs several µs). */
  private static final SecureRandom NAMES = new SecureRandom();

  /** This fence's name in the records it writes: random, so two fences never share it. */
  private final long writer = NAMES.nextLong();

  private final AtomicLong seq = new AtomicLong();

  /** A fence znode as read or written: its version and record. */
  private record Seen(int version, FenceRecord.State record) {
    FencingToken token() {
      return record.token();
    }
  }

  private ZkFence(CuratorFramework client, String basePath) {
    this.client = client;
    this.basePath = basePath;
  }

  /** A fence keeping its znodes under {@code basePath}, created on first use. */
  public static ZkFence create(CuratorFramework client, String basePath) {
    Objects.requireNonNull(client, "client");
    Objects.requireNonNull(basePath, "basePath");
    try {
      PathUtils.validatePath(basePath);
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException("invalid basePath: " + e.getMessage(), e);
    }
    return new ZkFence(client, basePath);
  }

  /** The fence znode of {@code resource}. */
  public String fencePath(String resource) {
    String name = URLEncoder.encode(resource, StandardCharsets.UTF_8);
    if (name.equals(".") || name.equals("..")) {
      // ZooKeeper rejects these names; URLEncoder never writes %2E, so no other resource maps here.
      name = name.replace(".", "%2E");
    }
    return ZKPaths.makePath(basePath, name);
  }

  /**
   * {@inheritDoc}
   *
   * @throws WriteOutcomeUnknownException if it cannot tell whether a lost answer's write committed
   */
  @Override
  public <T> T write(String resource, FencingToken token, FencedAction<ZkTransaction, T> action) {
    Fence.checkWrite(resource, token);
    String path = fencePath(resource);
    for (int attempt = 0; attempt < ATTEMPTS; attempt++) {
      Seen seen = attempt == 0 ? lastWritten.get(resource) : null;
      // This fence wrote the znode last (as far as it knows): compare-and-set against that version
      // without reading it first. If anyone wrote since, the version check fails and we read.
      Seen current =
          seen != null && seen.token().sameScopeAs(token) && !token.isOlderThan(seen.token())
              ? seen
              : readState(resource, path);
      // numbered after the version it compares against was read (or remembered): see LostAnswer
      long writeSeq = seq.incrementAndGet();
      int expected = current == null ? -1 : current.version();
      FenceRecord.Write write = new FenceRecord.Write(writer, writeSeq, expected + 1);
      FenceRecord.State written;
      if (current != null) {
        Fence.checkToken(resource, token, current.token());
        written = current.record().after(token, write, expected);
      } else {
        written = new FenceRecord.State(token, List.of(write), -1);
        ensureParent(resource);
      }
      byte[] data = FenceRecord.encode(written);
      CuratorOp guard =
          op(
              resource,
              "the fence operation",
              () ->
                  current == null
                      ? client.transactionOp().create().forPath(path, data)
                      : client.transactionOp().setData().withVersion(expected).forPath(path, data));
      ZkMulti.Result<T> result;
      try {
        result = ZkMulti.run(client, resource, token, guard, true, action);
      } catch (RuntimeException e) {
        lastWritten.remove(resource);
        throw e;
      }
      if (result instanceof ZkMulti.Committed<T> committed) {
        lastWritten.put(resource, new Seen(expected + 1, written));
        return committed.value();
      }
      lastWritten.remove(resource);
      if (result instanceof ZkMulti.Lost<T> lost) {
        if (judge(resource, path, token, writeSeq, expected, lost)) {
          return lost.value();
        }
        continue; // it never committed: read again (a newer token now refuses it) and repeat
      }
      KeeperException.Code refused = ((ZkMulti.GuardFailed<T>) result).error();
      if (refused != KeeperException.Code.BADVERSION
          && refused != KeeperException.Code.NODEEXISTS
          && refused != KeeperException.Code.NONODE) {
        throw new FencingException(
            resource, "the fence znode " + path + " refused the write: " + refused);
      }
      // another writer moved the fence in between: read it again
    }
    throw new FencingException(
        resource,
        "the fence znode " + path + " kept changing; gave up after " + ATTEMPTS + " attempts");
  }

  /**
   * After a lost answer: whether write {@code writeSeq} committed (true) or never will (false),
   * judged by {@link LostAnswer} from the znode read after a {@code sync} (so it sees all the lost
   * attempt could ever do, even via another server); else a {@link WriteOutcomeUnknownException}.
   */
  private boolean judge(
      String resource,
      String path,
      FencingToken token,
      long writeSeq,
      int expected,
      ZkMulti.Lost<?> lost) {
    Seen now;
    try {
      sync();
      now = readState(resource, path);
    } catch (RuntimeException | InterruptedException | KeeperException | TimeoutException e) {
      restoreInterrupt(e);
      WriteOutcomeUnknownException unknown =
          ZkMulti.unknown(resource, token, lost.lost(), lost.last());
      unknown.addSuppressed(e);
      throw unknown;
    }
    LostAnswer.Verdict verdict =
        now == null
            ? LostAnswer.judge(writer, writeSeq, expected, -1, null)
            : LostAnswer.judge(writer, writeSeq, expected, now.version(), now.record());
    if (verdict == LostAnswer.Verdict.UNKNOWN) {
      throw ZkMulti.unknown(resource, token, lost.lost(), lost.last());
    }
    return verdict == LostAnswer.Verdict.COMMITTED;
  }

  /** Waits until the server this client talks to has every write the leader had committed. */
  private void sync() throws InterruptedException, KeeperException, TimeoutException {
    CompletableFuture<Integer> done = new CompletableFuture<>();
    ZooKeeper zk;
    try {
      zk = client.getZookeeperClient().getZooKeeper();
    } catch (InterruptedException | KeeperException e) {
      throw e;
    } catch (Exception e) {
      throw new FencingException("/", "cannot reach ZooKeeper to sync", e);
    }
    zk.sync("/", (rc, p, ctx) -> done.complete(rc), null);
    int rc;
    try {
      rc = done.get(client.getZookeeperClient().getConnectionTimeoutMs(), TimeUnit.MILLISECONDS);
    } catch (ExecutionException e) {
      throw new FencingException("/", "the sync failed", e.getCause());
    }
    if (rc != KeeperException.Code.OK.intValue()) {
      throw KeeperException.create(KeeperException.Code.get(rc), "/");
    }
  }

  @Override
  public Optional<FencingToken> highest(String resource) {
    return Optional.ofNullable(readState(resource, fencePath(resource))).map(Seen::token);
  }

  /** Reads the fence znode: null if absent, {@link MalformedFenceException} if not Baton's. */
  private @Nullable Seen readState(String resource, String path) {
    Stat stat = new Stat();
    byte[] bytes;
    try {
      bytes = client.getData().storingStatIn(stat).forPath(path);
    } catch (KeeperException.NoNodeException e) {
      return null;
    } catch (Exception e) {
      restoreInterrupt(e);
      throw new FencingException(resource, "cannot read the fence znode " + path, e);
    }
    return new Seen(stat.getVersion(), FenceRecord.decodeState(resource, path, bytes));
  }

  private void ensureParent(String resource) {
    try {
      client.create().creatingParentsIfNeeded().forPath(basePath);
    } catch (KeeperException.NodeExistsException exists) {
      // created before, or by a concurrent writer
    } catch (Exception e) {
      restoreInterrupt(e);
      throw new FencingException(resource, "cannot create the fence base " + basePath, e);
    }
  }

  interface OpFactory {
    CuratorOp make() throws Exception;
  }

  /** Builds a guard operation; {@code what} names it in the failure. */
  static CuratorOp op(String resource, String what, OpFactory factory) {
    try {
      return factory.make();
    } catch (Exception e) {
      restoreInterrupt(e);
      throw new FencingException(resource, "cannot build " + what, e);
    }
  }

  /** Re-sets the interrupt flag of an {@link InterruptedException} about to be wrapped. */
  static void restoreInterrupt(Exception e) {
    if (e instanceof InterruptedException) {
      Thread.currentThread().interrupt();
    }
  }
}
