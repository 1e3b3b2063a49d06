// SPDX-License-Identifier: Apache-2.0
package dev.baton.bench.election;

import java.io.IOException;
import java.util.List;
import java.util.Objects;
import org.apache.curator.utils.ZookeeperFactory;
import org.apache.zookeeper.AsyncCallback;
import org.apache.zookeeper.CreateMode;
import org.apache.zookeeper.KeeperException;
import org.apache.zookeeper.WatchedEvent;
import org.apache.zookeeper.Watcher;
import org.apache.zookeeper.admin.ZooKeeperAdmin;
import org.apache.zookeeper.client.ZKClientConfig;
import org.apache.zookeeper.data.ACL;
import org.apache.zookeeper.data.Stat;

/**
 * A ZooKeeper handle (the same class Curator creates by default, {@link ZooKeeperAdmin}) that
 * records every request call Curator makes, from the call to its result (sync) or callback (async),
 * with the calling thread, and every watch event at the moment it is delivered. Used only by {@code
 * election-handover --trace} to see where the time of a handover goes; the instrumentation costs a
 * few microseconds per call, so traced runs are not the reported numbers.
 */
final class TracingZooKeeper extends ZooKeeperAdmin {
  private static final ThreadLocal<Boolean> INSIDE = ThreadLocal.withInitial(() -> false);

  private final ClientTrace trace;

  private TracingZooKeeper(
      String connectString,
      int sessionTimeout,
      Watcher watcher,
      boolean canBeReadOnly,
      ZKClientConfig config,
      ClientTrace trace)
      throws IOException {
    super(
        connectString,
        sessionTimeout,
        watcher,
        canBeReadOnly,
        config == null ? new ZKClientConfig() : config);
    this.trace = trace;
  }

  /** A Curator {@link ZookeeperFactory} that creates tracing handles reporting to {@code trace}. */
  static ZookeeperFactory factory(ClientTrace trace) {
    return new ZookeeperFactory() {
      @Override
      public org.apache.zookeeper.ZooKeeper newZooKeeper(
          String connectString, int sessionTimeout, Watcher watcher, boolean canBeReadOnly)
          throws Exception {
        return new TracingZooKeeper(
            connectString, sessionTimeout, watcher, canBeReadOnly, null, trace);
      }

      @Override
      public org.apache.zookeeper.ZooKeeper newZooKeeper(
          String connectString,
          int sessionTimeout,
          Watcher watcher,
          boolean canBeReadOnly,
          ZKClientConfig config)
          throws Exception {
        return new TracingZooKeeper(
            connectString, sessionTimeout, watcher, canBeReadOnly, config, trace);
      }
    };
  }

  // ---- sync calls -------------------------------------------------------------------------------

  @FunctionalInterface
  private interface Call<T> {
    T call() throws KeeperException, InterruptedException;
  }

  private <T> T sync(String name, Call<T> call) throws KeeperException, InterruptedException {
    if (INSIDE.get()) {
      return call.call();
    }
    INSIDE.set(true);
    long start = System.nanoTime();
    try {
      return call.call();
    } finally {
      trace.zkCall(name, start, System.nanoTime());
      INSIDE.set(false);
    }
  }

  @Override
  public List<String> getChildren(String path, Watcher watcher, Stat stat)
      throws KeeperException, InterruptedException {
    return sync(
        watcher == null ? "getChildren" : "getChildren(watch)",
        () -> super.getChildren(path, wrap(watcher), stat));
  }

  @Override
  public List<String> getChildren(String path, boolean watch, Stat stat)
      throws KeeperException, InterruptedException {
    return sync(
        watch ? "getChildren(watch)" : "getChildren", () -> super.getChildren(path, watch, stat));
  }

  @Override
  public byte[] getData(String path, Watcher watcher, Stat stat)
      throws KeeperException, InterruptedException {
    return sync(
        watcher == null ? "getData" : "getData(watch)",
        () -> super.getData(path, wrap(watcher), stat));
  }

  @Override
  public byte[] getData(String path, boolean watch, Stat stat)
      throws KeeperException, InterruptedException {
    return sync(watch ? "getData(watch)" : "getData", () -> super.getData(path, watch, stat));
  }

  @Override
  public Stat exists(String path, Watcher watcher) throws KeeperException, InterruptedException {
    return sync(
        watcher == null ? "exists" : "exists(watch)", () -> super.exists(path, wrap(watcher)));
  }

  @Override
  public Stat exists(String path, boolean watch) throws KeeperException, InterruptedException {
    return sync(watch ? "exists(watch)" : "exists", () -> super.exists(path, watch));
  }

  @Override
  public void delete(String path, int version) throws InterruptedException, KeeperException {
    sync(
        "delete",
        () -> {
          super.delete(path, version);
          return null;
        });
  }

  @Override
  public String create(
      String path, byte[] data, List<ACL> acl, CreateMode mode, Stat stat, long ttl)
      throws KeeperException, InterruptedException {
    return sync("create", () -> super.create(path, data, acl, mode, stat, ttl));
  }

  @Override
  public void removeWatches(String path, Watcher watcher, Watcher.WatcherType type, boolean local)
      throws InterruptedException, KeeperException {
    sync(
        "removeWatches",
        () -> {
          super.removeWatches(path, wrap(watcher), type, local);
          return null;
        });
  }

  @Override
  public void removeAllWatches(String path, Watcher.WatcherType type, boolean local)
      throws InterruptedException, KeeperException {
    sync(
        "removeAllWatches",
        () -> {
          super.removeAllWatches(path, type, local);
          return null;
        });
  }

  @Override
  public synchronized void close() throws InterruptedException {
    long start = System.nanoTime();
    super.close();
    trace.zkCall("closeSession", start, System.nanoTime());
  }

  // ---- async calls: start at the call, end when the callback starts
  // -------------------------------

  private long asyncStart() {
    if (INSIDE.get()) {
      return -1;
    }
    return System.nanoTime();
  }

  private void asyncEnd(String name, long start) {
    if (start >= 0) {
      trace.zkCall(name, start, System.nanoTime());
    }
  }

  private <T> T inside(java.util.function.Supplier<T> body) {
    boolean outer = !INSIDE.get();
    INSIDE.set(true);
    try {
      return body.get();
    } finally {
      if (outer) {
        INSIDE.set(false);
      }
    }
  }

  @Override
  public void getChildren(
      String path, Watcher watcher, AsyncCallback.Children2Callback cb, Object ctx) {
    long start = asyncStart();
    String name = watcher == null ? "getChildren" : "getChildren(watch)";
    inside(
        () -> {
          super.getChildren(
              path,
              wrap(watcher),
              (rc, p, c, children, stat) -> {
                asyncEnd(name, start);
                cb.processResult(rc, p, c, children, stat);
              },
              ctx);
          return null;
        });
  }

  @Override
  public void getChildren(
      String path, boolean watch, AsyncCallback.Children2Callback cb, Object ctx) {
    long start = asyncStart();
    String name = watch ? "getChildren(watch)" : "getChildren";
    inside(
        () -> {
          super.getChildren(
              path,
              watch,
              (rc, p, c, children, stat) -> {
                asyncEnd(name, start);
                cb.processResult(rc, p, c, children, stat);
              },
              ctx);
          return null;
        });
  }

  @Override
  public void getData(String path, Watcher watcher, AsyncCallback.DataCallback cb, Object ctx) {
    long start = asyncStart();
    String name = watcher == null ? "getData" : "getData(watch)";
    inside(
        () -> {
          super.getData(
              path,
              wrap(watcher),
              (rc, p, c, data, stat) -> {
                asyncEnd(name, start);
                cb.processResult(rc, p, c, data, stat);
              },
              ctx);
          return null;
        });
  }

  @Override
  public void getData(String path, boolean watch, AsyncCallback.DataCallback cb, Object ctx) {
    long start = asyncStart();
    String name = watch ? "getData(watch)" : "getData";
    inside(
        () -> {
          super.getData(
              path,
              watch,
              (rc, p, c, data, stat) -> {
                asyncEnd(name, start);
                cb.processResult(rc, p, c, data, stat);
              },
              ctx);
          return null;
        });
  }

  @Override
  public void exists(String path, Watcher watcher, AsyncCallback.StatCallback cb, Object ctx) {
    long start = asyncStart();
    String name = watcher == null ? "exists" : "exists(watch)";
    inside(
        () -> {
          super.exists(
              path,
              wrap(watcher),
              (rc, p, c, stat) -> {
                asyncEnd(name, start);
                cb.processResult(rc, p, c, stat);
              },
              ctx);
          return null;
        });
  }

  @Override
  public void delete(String path, int version, AsyncCallback.VoidCallback cb, Object ctx) {
    long start = asyncStart();
    inside(
        () -> {
          super.delete(
              path,
              version,
              (rc, p, c) -> {
                asyncEnd("delete", start);
                cb.processResult(rc, p, c);
              },
              ctx);
          return null;
        });
  }

  @Override
  public void create(
      String path,
      byte[] data,
      List<ACL> acl,
      CreateMode mode,
      AsyncCallback.Create2Callback cb,
      Object ctx,
      long ttl) {
    long start = asyncStart();
    inside(
        () -> {
          super.create(
              path,
              data,
              acl,
              mode,
              (rc, p, c, name, stat) -> {
                asyncEnd("create", start);
                cb.processResult(rc, p, c, name, stat);
              },
              ctx,
              ttl);
          return null;
        });
  }

  @Override
  public void removeWatches(
      String path,
      Watcher watcher,
      Watcher.WatcherType type,
      boolean local,
      AsyncCallback.VoidCallback cb,
      Object ctx) {
    long start = asyncStart();
    inside(
        () -> {
          super.removeWatches(
              path,
              wrap(watcher),
              type,
              local,
              (rc, p, c) -> {
                asyncEnd("removeWatches", start);
                cb.processResult(rc, p, c);
              },
              ctx);
          return null;
        });
  }

  // ---- watchers ---------------------------------------------------------------------------------

  private Watcher wrap(Watcher watcher) {
    if (watcher == null || watcher instanceof TimedWatcher) {
      return watcher;
    }
    return new TimedWatcher(watcher, trace);
  }

  /** Timestamps delivery, then delegates; equal to another wrapper of an equal watcher. */
  private static final class TimedWatcher implements Watcher {
    private final Watcher delegate;
    private final ClientTrace trace;

    TimedWatcher(Watcher delegate, ClientTrace trace) {
      this.delegate = delegate;
      this.trace = trace;
    }

    @Override
    public void process(WatchedEvent event) {
      trace.watch("watch:" + event.getType(), System.nanoTime());
      delegate.process(event);
    }

    @Override
    public boolean equals(Object o) {
      return o instanceof TimedWatcher other && delegate.equals(other.delegate);
    }

    @Override
    public int hashCode() {
      return Objects.hashCode(delegate);
    }
  }
}
