// SPDX-License-Identifier: Apache-2.0
package dev.baton.fencing.zookeeper;

import dev.baton.fencing.Fence;
import dev.baton.fencing.FencedAction;
import dev.baton.fencing.FencingException;
import dev.baton.fencing.FencingToken;
import dev.baton.fencing.ForeignTokenException;
import dev.baton.fencing.StaleTokenException;
import dev.baton.fencing.WriteOutcomeUnknownException;
import dev.baton.fencing.support.Resources;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.framework.api.transaction.CuratorOp;
import org.apache.curator.utils.PathUtils;
import org.apache.curator.utils.ZKPaths;
import org.apache.zookeeper.KeeperException;
import org.apache.zookeeper.data.Stat;

/**
 * A fence znode per resource that holds the highest accepted token, advanced by a versioned
 * compare-and-set in the same multi as the caller's ZooKeeper writes.
 *
 * <p>When to use it: for ZooKeeper data that several terms write over time (configuration,
 * assignments, checkpoints), when the writer may hold its token longer than its znode, or when the
 * resource is written from more than one ownership recipe. When the writer's own election or lock
 * znode is at hand and the write must simply die with the ownership, {@link ZkOwnershipGuard} is
 * cheaper (a check, no extra write). Both protect only writes made through them.
 *
 * <p>The fence znode is {@code <base>/<url-encoded resource>} (with the names {@code .} and {@code
 * ..}, which ZooKeeper does not allow, written {@code %2E} and {@code %2E%2E}), persistent, its
 * data the token's string form ({@code ft:<value>@<scope>}, UTF-8, read strictly: see {@link
 * MalformedFenceException}). A fence znode holding anything else makes every write to its resource
 * fail with that exception; it is never overwritten. Thread-safe.
 *
 * <p>A lost answer: when the multi was sent but its answer did not arrive (the connection dropped,
 * the session expired or moved, the wait was interrupted), it may have committed. The fence then
 * repeats the very same multi (Curator's retry policy decides how often), with the same expected
 * znode version: at most one of the two can pass that compare-and-set, so a repeat that commits is
 * a certain success, applied once. Any other end after a lost answer, a failed compare-and-set
 * included, is a {@link WriteOutcomeUnknownException} (with the resource and the token): the write
 * may or may not have committed, whole. It is never reported as a {@link StaleTokenException} and
 * never applied a second time: {@code StaleTokenException} and every {@link FencingException} from
 * {@link #write} still mean that nothing of the write was committed.
 */
public final class ZkFence implements Fence<ZkTransaction> {
  private static final int ATTEMPTS = 20;

  private final CuratorFramework client;
  private final String basePath;

  /** The token and znode version this fence itself last wrote, per resource. */
  private final Map<String, Seen> lastWritten = new ConcurrentHashMap<>();

  private record Seen(FencingToken token, int version) {}

  private ZkFence(CuratorFramework client, String basePath) {
    this.client = client;
    this.basePath = basePath;
  }

  /**
   * A fence keeping its znodes under {@code basePath} (created on first use).
   *
   * @throws NullPointerException if {@code client} or {@code basePath} is null
   * @throws IllegalArgumentException if the path is not a valid ZooKeeper path
   */
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
   * @throws WriteOutcomeUnknownException if the multi's answer was lost and the fence cannot tell
   *     whether it committed (see the class documentation)
   */
  @Override
  public <T> T write(String resource, FencingToken token, FencedAction<ZkTransaction, T> action) {
    Resources.check(resource, token);
    String path = fencePath(resource);
    byte[] data = FenceRecord.encode(token);
    for (int attempt = 0; attempt < ATTEMPTS; attempt++) {
      Seen seen = attempt == 0 ? lastWritten.get(resource) : null;
      Stat stat = new Stat();
      Optional<FencingToken> current;
      if (seen != null && seen.token().sameScopeAs(token) && !token.isOlderThan(seen.token())) {
        // This fence wrote the znode last (as far as it knows): compare-and-set against that
        // version
        // without reading it first. If anyone wrote since, the version check fails and we read.
        current = Optional.of(seen.token());
        stat.setVersion(seen.version());
      } else {
        current = read(resource, path, stat);
      }
      CuratorOp guard;
      if (current.isPresent()) {
        check(resource, token, current.get());
        int version = stat.getVersion();
        guard =
            op(
                resource,
                () -> client.transactionOp().setData().withVersion(version).forPath(path, data));
      } else {
        ensureParent(resource);
        guard = op(resource, () -> client.transactionOp().create().forPath(path, data));
      }
      ZkMulti.Result<T> result;
      try {
        result = ZkMulti.run(client, resource, token, guard, true, action);
      } catch (RuntimeException e) {
        lastWritten.remove(resource);
        throw e;
      }
      if (result instanceof ZkMulti.Committed<T> committed) {
        lastWritten.put(resource, new Seen(token, current.isPresent() ? stat.getVersion() + 1 : 0));
        return committed.value();
      }
      lastWritten.remove(resource);
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

  @Override
  public Optional<FencingToken> highest(String resource) {
    return read(resource, fencePath(resource), new Stat());
  }

  private static void check(String resource, FencingToken token, FencingToken current) {
    if (!current.sameScopeAs(token)) {
      throw new ForeignTokenException(resource, token, current.scope());
    }
    if (token.isOlderThan(current)) {
      throw new StaleTokenException(resource, token, current);
    }
  }

  /**
   * Reads the fence znode.
   *
   * @throws MalformedFenceException if it holds no token in Baton's format
   */
  private Optional<FencingToken> read(String resource, String path, Stat stat) {
    byte[] bytes;
    try {
      bytes = client.getData().storingStatIn(stat).forPath(path);
    } catch (KeeperException.NoNodeException e) {
      return Optional.empty();
    } catch (Exception e) {
      restoreInterrupt(e);
      throw new FencingException(resource, "cannot read the fence znode " + path, e);
    }
    return Optional.of(FenceRecord.decode(resource, path, bytes));
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

  private interface OpFactory {
    CuratorOp make() throws Exception;
  }

  private static CuratorOp op(String resource, OpFactory factory) {
    try {
      return factory.make();
    } catch (Exception e) {
      restoreInterrupt(e);
      throw new FencingException(resource, "cannot build the fence operation", e);
    }
  }

  /**
   * Sets the interrupt flag again before an {@link InterruptedException} is wrapped in an unchecked
   * exception (Curator's retry loop usually has, but not every path goes through it).
   */
  static void restoreInterrupt(Exception e) {
    if (e instanceof InterruptedException) {
      Thread.currentThread().interrupt();
    }
  }
}
