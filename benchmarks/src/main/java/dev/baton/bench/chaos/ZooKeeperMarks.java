// SPDX-License-Identifier: Apache-2.0
package dev.baton.bench.chaos;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.framework.CuratorFrameworkFactory;
import org.apache.curator.retry.RetryNTimes;
import org.apache.zookeeper.CreateMode;
import org.apache.zookeeper.data.Stat;

/**
 * The orchestrator's own ZooKeeper reads and writes: a marker that tells the current zxid (and
 * epoch), and the ZooKeeper fence's log with the zxid that created each write.
 */
public final class ZooKeeperMarks {
  private ZooKeeperMarks() {}

  /** One write of the ZooKeeper fence's log and the zxid of the transaction that created it. */
  public record Logged(SafetyChecker.Row row, long czxid) {}

  /** The epoch of a zxid (its high 32 bits): a new one begins with every new quorum leader. */
  public static long epoch(long zxid) {
    return zxid >>> 32;
  }

  /** Creates a sequential marker znode under {@code <path>/marks}; returns its creation zxid. */
  static long createMarker(String connect, String path) {
    try (CuratorFramework zk = connect(connect)) {
      Stat stat = new Stat();
      zk.create()
          .storingStatIn(stat)
          .creatingParentsIfNeeded()
          .withMode(CreateMode.PERSISTENT_SEQUENTIAL)
          .forPath(path + "/marks/m-");
      return stat.getCzxid();
    } catch (Exception e) {
      throw new ChaosFailure("cannot write a marker znode under " + path, e);
    }
  }

  /** The write znodes under {@code <path>/writes/<resource>}, in creation order, with zxids. */
  static List<Logged> readLog(String connect, String path) {
    List<Logged> out = new ArrayList<>();
    try (CuratorFramework zk = connect(connect)) {
      String base = path + "/writes";
      if (zk.checkExists().forPath(base) == null) {
        return out;
      }
      for (String resource : zk.getChildren().forPath(base)) {
        for (String child : zk.getChildren().forPath(base + "/" + resource)) {
          Stat stat = new Stat();
          byte[] data =
              zk.getData().storingStatIn(stat).forPath(base + "/" + resource + "/" + child);
          out.add(
              new Logged(
                  SafetyChecker.parseZnode(resource, new String(data, StandardCharsets.UTF_8)),
                  stat.getCzxid()));
        }
      }
    } catch (ChaosFailure e) {
      throw e;
    } catch (Exception e) {
      throw new ChaosFailure("cannot read the ZooKeeper fence's writes under " + path, e);
    }
    out.sort(Comparator.comparingLong(Logged::czxid));
    return out;
  }

  private static CuratorFramework connect(String connect) throws InterruptedException {
    CuratorFramework zk =
        CuratorFrameworkFactory.builder()
            .connectString(connect)
            .sessionTimeoutMs(30_000)
            .connectionTimeoutMs(10_000)
            .retryPolicy(new RetryNTimes(30, 500))
            .build();
    zk.start();
    if (!zk.blockUntilConnected(60, TimeUnit.SECONDS)) {
      zk.close();
      throw new ChaosFailure("cannot connect to ZooKeeper at " + connect);
    }
    return zk;
  }
}
