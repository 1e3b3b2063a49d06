// SPDX-License-Identifier: Apache-2.0
package dev.baton.bench.election;

import dev.baton.bench.contender.ZkCandidate;
import dev.baton.bench.contender.ZkClient;
import dev.baton.fencing.FencingToken;
import java.util.Collections;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicReference;
import org.apache.curator.utils.ZKPaths;
import org.apache.zookeeper.AsyncCallback;
import org.apache.zookeeper.CreateMode;
import org.apache.zookeeper.KeeperException;
import org.apache.zookeeper.KeeperException.Code;
import org.apache.zookeeper.WatchedEvent;
import org.apache.zookeeper.Watcher;
import org.apache.zookeeper.Watcher.Event.EventType;
import org.apache.zookeeper.ZooDefs;
import org.apache.zookeeper.ZooKeeper;
import org.apache.zookeeper.data.Stat;

/**
 * The floor: a raw {@link ZooKeeper} handle doing the minimum a graceful handover needs (ephemeral
 * sequential znode, {@code exists} watch on the predecessor, one {@code getChildren} when it
 * fires). It is elected right in the callback on ZooKeeper's event thread, which a library must not
 * do with user callbacks: a lower bound, not a design. A failed request reports nothing, so the
 * benchmark fails on its timeout.
 */
final class FloorContender extends ZkCandidate {
  private static final String PREFIX = "n_";

  private final String path;
  private final ZooKeeper zk;
  private volatile String ownName;
  private volatile boolean leader;
  private volatile boolean closed;
  private final AtomicReference<String> failure = new AtomicReference<>();

  private final ClientTrace trace;

  FloorContender(String label, String path, ZkClient settings, ClientTrace trace, Sink sink)
      throws Exception {
    super(label, trace, sink);
    this.trace = trace;
    this.path = path;
    zk = settings.zooKeeper();
  }

  /**
   * Creates the election's parent znodes if missing (synchronously: setup, outside every
   * measurement), then the own znode, then the first listing.
   */
  @Override
  public void join() throws Exception {
    ZKPaths.mkdirs(zk, path); // the parents, as Curator creates them for the others
    String created =
        zk.create(
            path + "/" + PREFIX,
            new byte[0],
            ZooDefs.Ids.OPEN_ACL_UNSAFE,
            CreateMode.EPHEMERAL_SEQUENTIAL);
    trace.countOperation(false);
    ownName = created.substring(created.lastIndexOf('/') + 1);
    check();
  }

  /** One getChildren, no watch: first means elected, else watch the predecessor. */
  private void check() {
    zk.getChildren(path, false, (AsyncCallback.Children2Callback) this::listed, null);
  }

  private void listed(int rc, String p, Object ctx, List<String> children, Stat stat) {
    trace.countOperation(false);
    if (closed) {
      return;
    }
    if (rc != Code.OK.intValue()) {
      fail("getChildren", rc);
      return;
    }
    Collections.sort(children); // one prefix, ten-digit sequence: name order is queue order
    int index = children.indexOf(ownName);
    if (index < 0) {
      fail("own znode " + ownName + " missing from the listing", Code.NONODE.intValue());
    } else if (index == 0) {
      leader = true;
      reportElected(Optional.empty());
    } else {
      watch(children.get(index - 1));
    }
  }

  private void watch(String predecessor) {
    Watcher onChange =
        (WatchedEvent event) -> {
          if (!closed && event.getType() != EventType.None) {
            check();
          }
        };
    zk.exists(
        path + "/" + predecessor,
        onChange,
        (AsyncCallback.StatCallback)
            (rc, p, ctx, stat) -> {
              trace.countOperation(true);
              if (closed) {
                return;
              }
              if (rc == Code.NONODE.intValue()) {
                check(); // gone before the watch was set: read again
              } else if (rc != Code.OK.intValue()) {
                fail("exists", rc);
              }
            },
        null);
  }

  private void fail(String what, int rc) {
    String message = id() + ": " + what + " failed: " + Code.get(rc);
    if (failure.compareAndSet(null, message)) {
      System.err.println("[" + ElectionHandover.NAME + "] floor candidate " + message);
    }
  }

  @Override
  public void closeRecipe() throws Exception {
    closed = true;
    leader = false;
    String name = ownName;
    if (name != null && zk.getState().isAlive()) {
      try {
        zk.delete(path + "/" + name, -1);
      } catch (KeeperException.NoNodeException alreadyGone) {
        // nothing left to delete
      }
      trace.countOperation(false);
    }
  }

  @Override
  public void closeSession() throws Exception {
    closed = true;
    zk.close();
  }

  @Override
  public ZooKeeper handle() {
    return zk;
  }

  @Override
  public boolean isLeader() {
    return leader;
  }

  @Override
  public Optional<FencingToken> token() {
    return Optional.empty();
  }
}
