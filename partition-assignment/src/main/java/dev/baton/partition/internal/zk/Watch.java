// SPDX-License-Identifier: Apache-2.0
package dev.baton.partition.internal.zk;

import java.util.function.IntConsumer;
import org.apache.zookeeper.Watcher;

/**
 * A watch to leave on znodes: one ZooKeeper watcher per kind of change, made once and reused, so
 * that ZooKeeper keeps one watch per znode however often it is read. Its callback runs on
 * ZooKeeper's event thread: it must only enqueue work.
 */
public final class Watch {
  final Watcher watcher;

  private Watch(Watcher watcher) {
    this.watcher = watcher;
  }

  /** Told of every change of a watched znode: created, deleted, its data or children changed. */
  public static Watch onChange(Runnable changed) {
    return new Watch(
        e -> {
          if (e.getType() != Watcher.Event.EventType.None) {
            changed.run();
          }
        });
  }

  /** Told when a watched znode is deleted. */
  public static Watch onDeleted(Runnable deleted) {
    return new Watch(
        e -> {
          if (e.getType() == Watcher.Event.EventType.NodeDeleted) {
            deleted.run();
          }
        });
  }

  /** Told, with the partition it names, when a watched ownership znode is deleted. */
  public static Watch onOwnerDeleted(IntConsumer partition) {
    return new Watch(
        e -> {
          String path = e.getPath();
          if (e.getType() == Watcher.Event.EventType.NodeDeleted && path != null) {
            partition.accept(Integer.parseInt(path.substring(path.lastIndexOf('/') + 1)));
          }
        });
  }
}
