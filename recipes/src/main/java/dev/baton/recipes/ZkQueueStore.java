// SPDX-License-Identifier: Apache-2.0
package dev.baton.recipes;

import dev.baton.recipes.spi.Liveness;
import dev.baton.recipes.spi.StoreUnavailableException;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Predicate;
import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.framework.api.CuratorEvent;
import org.apache.curator.utils.ZKPaths;
import org.apache.zookeeper.AsyncCallback;
import org.apache.zookeeper.CreateMode;
import org.apache.zookeeper.KeeperException;
import org.apache.zookeeper.WatchedEvent;
import org.apache.zookeeper.Watcher;
import org.apache.zookeeper.ZooKeeper;
import org.apache.zookeeper.data.Stat;
import org.apache.zookeeper.proto.DeleteRequest;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The ZooKeeper {@link QueueStore}: ephemeral sequential znodes under {@code path}, token czxid, in
 * Curator's protected mode (a create retried after a connection loss finds its first attempt).
 */
record ZkQueueStore(CuratorFramework client, Liveness liveness, String path) implements QueueStore {
  private static final Logger log = LoggerFactory.getLogger(ZkQueueStore.class);
  private static final int SWEEP_ATTEMPTS = 20;

  /** Completes its future context with the code; linked now, so a closing leader loads no class. */
  @SuppressWarnings("unchecked")
  private static final AsyncCallback.VoidCallback DELETE_ANSWER =
      (rc, p, ctx) -> ((CompletableFuture<Integer>) ctx).complete(rc);

  static {
    Preload.classes(DeleteRequest.class);
  }

  @Override
  public QueueEntry enter(String prefix, byte[] data) {
    return ZkCalls.call(
        "enter the queue " + path,
        () -> {
          Stat stat = new Stat();
          String created =
              client
                  .create()
                  .storingStatIn(stat)
                  .creatingParentContainersIfNeeded()
                  .withProtection()
                  .withMode(CreateMode.EPHEMERAL_SEQUENTIAL)
                  .forPath(ZKPaths.makePath(path, prefix), data);
          if (stat.getCzxid() == 0) { // found by protected mode after a connection loss: no stat
            Stat found = client.checkExists().forPath(created);
            stat = found == null ? stat : found;
          }
          return new QueueEntry(
              ZKPaths.getNodeFromPath(created), stat.getCzxid(), stat.getEphemeralOwner());
        });
  }

  /**
   * A background protected create, then a {@link #listAsync} answered after it; if Curator held the
   * create back, the listing may miss it and the caller lists again.
   */
  @Override
  public Entered enterAndList(String prefix, byte[] data) {
    String what = "enter the queue " + path;
    CompletableFuture<QueueEntry> created = new CompletableFuture<>();
    CompletionStage<List<String>> names =
        ZkCalls.call(
            what,
            () -> {
              client
                  .create()
                  .creatingParentContainersIfNeeded()
                  .withProtection()
                  .withMode(CreateMode.EPHEMERAL_SEQUENTIAL)
                  .inBackground((c, event) -> created(event, created))
                  .forPath(ZKPaths.makePath(path, prefix), data);
              return listAsync();
            });
    QueueEntry entry =
        ZkCalls.call(
            what,
            () -> {
              try {
                return created.get();
              } catch (ExecutionException e) {
                throw e.getCause() instanceof Exception cause ? cause : e;
              }
            });
    if (entry.token() == 0) { // found by protected mode after a connection loss: no stat
      entry = inspect(entry.name()).orElse(entry);
    }
    return new Entered(entry, names);
  }

  /** Completes {@code created} from the answer to a background create, on Curator's thread. */
  private void created(CuratorEvent event, CompletableFuture<QueueEntry> created) {
    if (event.getResultCode() != KeeperException.Code.OK.intValue()) {
      created.completeExceptionally(
          KeeperException.create(KeeperException.Code.get(event.getResultCode()), event.getPath()));
      return;
    }
    Stat stat = event.getStat();
    String name = ZKPaths.getNodeFromPath(event.getName());
    created.complete(
        stat == null
            ? new QueueEntry(name, 0, 0)
            : new QueueEntry(name, stat.getCzxid(), stat.getEphemeralOwner()));
  }

  @Override
  public List<String> list() {
    return ZkCalls.call(
        "list " + path,
        () -> {
          try {
            return client.getChildren().forPath(path);
          } catch (KeeperException.NoNodeException e) {
            return List.of();
          }
        });
  }

  /**
   * One async {@code getChildren} on the live handle, not through Curator: from ZooKeeper's event
   * thread it costs only the send. Fails at once if the link is down.
   */
  @Override
  public CompletionStage<List<String>> listAsync() {
    CompletableFuture<List<String>> answer = new CompletableFuture<>();
    try {
      if (!client.getZookeeperClient().isConnected()) {
        answer.completeExceptionally(
            new StoreUnavailableException(
                "list " + path + ": not connected", new KeeperException.ConnectionLossException()));
        return answer;
      }
      ZooKeeper zk = client.getZookeeperClient().getZooKeeper();
      String full = ZKPaths.fixForNamespace(client.getNamespace(), path);
      zk.getChildren(
          full,
          false,
          (rc, p, ctx, children) -> {
            if (rc == KeeperException.Code.OK.intValue()) {
              answer.complete(children);
            } else if (rc == KeeperException.Code.NONODE.intValue()) {
              answer.complete(List.of());
            } else {
              answer.completeExceptionally(
                  ZkCalls.translate(
                      "list " + path, KeeperException.create(KeeperException.Code.get(rc), p)));
            }
          },
          null);
    } catch (Exception e) { // no handle (the client is closing), or the request was refused
      answer.completeExceptionally(ZkCalls.translate("list " + path, e));
    }
    return answer;
  }

  @Override
  public Optional<QueueEntry> inspect(String name) {
    return ZkCalls.call(
        "inspect " + pathOf(name),
        () -> {
          Stat stat = client.checkExists().forPath(pathOf(name));
          return stat == null
              ? Optional.<QueueEntry>empty()
              : Optional.of(new QueueEntry(name, stat.getCzxid(), stat.getEphemeralOwner()));
        });
  }

  /** Only a deletion calls {@code onChange}: a lock attempt may lead on it without a read. */
  @Override
  public boolean watch(String name, Runnable onChange) {
    Watcher watcher = new DeletionWatcher(name, onChange, false);
    return ZkCalls.call(
        "watch " + pathOf(name),
        () -> {
          try {
            client.getData().usingWatcher(watcher).forPath(pathOf(name));
            return true;
          } catch (KeeperException.NoNodeException gone) {
            return false;
          }
        });
  }

  @Override
  public void watchAsync(String name, Runnable onChange) {
    Watcher watcher = new DeletionWatcher(name, onChange, true);
    ZkCalls.call(
        "watch " + pathOf(name),
        () ->
            client
                .checkExists()
                .usingWatcher(watcher)
                .inBackground(
                    (c, event) -> {
                      if (event.getResultCode() != KeeperException.Code.OK.intValue()) {
                        // NONODE leaves the exists watch waiting for a create: drop it.
                        unwatch(name, onChange);
                        log.debug(
                            "watch of {} not set ({}): treated as a change",
                            pathOf(name),
                            KeeperException.Code.get(event.getResultCode()));
                        onChange.run();
                      }
                    })
                .forPath(pathOf(name)));
  }

  @Override
  public void unwatch(String name, Runnable onChange) {
    // Equal to the watcher set (see equals). Not locally: ZooKeeper reports a local removal that a
    // lost link cuts short as an event in the Disconnected state, and its event thread then drops
    // the link's own Disconnected as a repeat, so Curator never suspends. Guaranteed instead: a
    // removal the link cut short is sent again when it is back (the session's end drops it too).
    Watcher watcher = new DeletionWatcher(name, onChange, false);
    try {
      client
          .watchers()
          .remove(watcher) // of any type
          .guaranteed()
          .inBackground(
              (c, event) -> {
                KeeperException.Code code = KeeperException.Code.get(event.getResultCode());
                if (code != KeeperException.Code.OK) {
                  log.debug("watch of {} not removed: {}", pathOf(name), code); // fired already
                }
              })
          .forPath(pathOf(name));
    } catch (Exception e) { // no handle (the client is closing): the watchers go with it
      log.debug("watch of {} not removed: {}", pathOf(name), e.toString());
    }
  }

  /**
   * A one-shot watch that runs {@code onGone} when the entry is deleted and is set again on any
   * other event. Not set again, it counts as gone if {@code failureIsGone} (the own entry: a hold
   * must not outlive it unwatched); else (a predecessor) the link's return brings a new watch.
   */
  private final class DeletionWatcher implements Watcher {
    private final String name;
    private final Runnable onGone;
    private final boolean failureIsGone;

    DeletionWatcher(String name, Runnable onGone, boolean failureIsGone) {
      this.name = name;
      this.onGone = onGone;
      this.failureIsGone = failureIsGone;
    }

    @Override
    public void process(WatchedEvent event) {
      switch (event.getType()) {
        case None -> {} // the link's state, which the candidate hears of from the session
        case DataWatchRemoved, ChildWatchRemoved -> {} // unwatch: the caller gave up on it
        case NodeDeleted -> onGone.run();
        default -> setAgain();
      }
    }

    /** Sets the watch again in the background, on ZooKeeper's event thread: it never waits. */
    private void setAgain() {
      try {
        client
            .getData()
            .usingWatcher(this)
            .inBackground(
                (c, answer) -> {
                  KeeperException.Code code = KeeperException.Code.get(answer.getResultCode());
                  if (code == KeeperException.Code.NONODE) {
                    onGone.run(); // went before the watch was set again
                  } else if (code != KeeperException.Code.OK) {
                    notSetAgain(code.toString());
                  }
                })
            .forPath(pathOf(name));
      } catch (Exception e) { // no handle (the client is closing), or the request was refused
        notSetAgain(e.toString());
      }
    }

    /** Equal for the same entry and callback, so that {@link #unwatch} finds the watcher. */
    @Override
    public boolean equals(@Nullable Object o) {
      return o instanceof DeletionWatcher w && w.name.equals(name) && w.onGone == onGone;
    }

    @Override
    public int hashCode() {
      return 31 * name.hashCode() + System.identityHashCode(onGone);
    }

    private void notSetAgain(String why) {
      if (failureIsGone) {
        log.debug("watch of {} not set again ({}): treated as a change", pathOf(name), why);
        onGone.run();
      } else {
        log.debug("watch of {} not set again ({}): left to the link", pathOf(name), why);
      }
    }
  }

  @Override
  public boolean delete(String name) {
    return ZkCalls.call(
        "delete " + pathOf(name),
        () -> {
          try {
            client.delete().forPath(pathOf(name));
            return true;
          } catch (KeeperException.NoNodeException gone) {
            return false;
          }
        });
  }

  /** One async delete on the live handle, not Curator (which retries a lost connection first). */
  @Override
  public Deletion deleteWithin(String name, Duration timeout) {
    long deadline = System.nanoTime() + timeout.toNanos();
    CompletableFuture<Integer> answer = new CompletableFuture<>();
    try {
      if (!client.getZookeeperClient().isConnected()
          && !client.blockUntilConnected(
              (int) Math.max(1, timeout.toMillis()), TimeUnit.MILLISECONDS)) {
        deleteInBackground(name);
        return Deletion.NO_ANSWER;
      }
      ZooKeeper zk = client.getZookeeperClient().getZooKeeper();
      String full = ZKPaths.fixForNamespace(client.getNamespace(), pathOf(name));
      zk.delete(full, -1, DELETE_ANSWER, answer);
      int rc = answer.get(Math.max(0, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
      if (rc == KeeperException.Code.OK.intValue()) {
        return Deletion.DELETED;
      } else if (rc == KeeperException.Code.NONODE.intValue()) {
        return Deletion.GONE;
      }
      log.debug("delete of {} failed: {}", pathOf(name), KeeperException.Code.get(rc));
      deleteInBackground(name);
      return Deletion.FAILED;
    } catch (TimeoutException e) {
      deleteInBackground(name);
      return Deletion.NO_ANSWER;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      deleteInBackground(name);
      return Deletion.NO_ANSWER;
    } catch (Exception e) { // no handle (the client is closing), or the request was refused
      log.debug("delete of {} not sent: {}", pathOf(name), e.toString());
      deleteInBackground(name);
      return Deletion.FAILED;
    }
  }

  @Override
  public void deleteInBackground(String name) {
    // Guaranteed: retried until done or the session ends; the name is unique to this candidate.
    ZkCalls.call(
        "delete " + pathOf(name),
        () ->
            client
                .delete()
                .guaranteed()
                .inBackground(
                    (c, event) ->
                        log.debug(
                            "background delete of {}: {}",
                            pathOf(name),
                            KeeperException.Code.get(event.getResultCode())))
                .forPath(pathOf(name)));
  }

  @Override
  public void sweepInBackground(Predicate<String> ours) {
    sweep(ours, SWEEP_ATTEMPTS);
  }

  /** Lists and deletes; a listing lost with the connection is tried again, a few times. */
  private void sweep(Predicate<String> ours, int attemptsLeft) {
    ZkCalls.call(
        "list " + path,
        () ->
            client
                .getChildren()
                .inBackground(
                    (c, event) -> {
                      KeeperException.Code code = KeeperException.Code.get(event.getResultCode());
                      if (code == KeeperException.Code.OK) {
                        for (String child : event.getChildren()) {
                          if (ours.test(child)) {
                            deleteInBackground(child);
                          }
                        }
                      } else if (code == KeeperException.Code.CONNECTIONLOSS && attemptsLeft > 1) {
                        sweep(ours, attemptsLeft - 1); // Curator waits for the link again
                      } else { // e.g. expired: the entries went with the session
                        log.debug("sweep of {} given up: {}", path, code);
                      }
                    })
                .forPath(path));
  }

  @Override
  public String pathOf(String name) {
    return ZKPaths.makePath(path, name);
  }
}
