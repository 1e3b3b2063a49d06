// SPDX-License-Identifier: Apache-2.0
package dev.baton.recipes;

import dev.baton.fencing.FencingToken;
import dev.baton.recipes.backend.Holder;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.utils.ZKPaths;
import org.apache.zookeeper.KeeperException;
import org.apache.zookeeper.data.Stat;

/**
 * Reads a ZooKeeper queue without taking part, afresh on each call: holder with token, and the
 * candidates in order. Parsed as {@link dev.baton.recipes.election.ElectionObserver} says: foreign
 * names are left out, a malformed candidate fails with {@link MalformedCandidateException}.
 */
final class QueueReader {
  private static final int ATTEMPTS = 5;

  private final CuratorFramework client;
  private final String path;

  public QueueReader(CuratorFramework client, String path) {
    this.client = client;
    this.path = path;
  }

  /** The holder: the first candidate of the queue, or empty when nobody is in it. */
  public Optional<Holder> holder() {
    for (int attempt = 0; attempt < ATTEMPTS; attempt++) {
      List<CandidateName> queue = queue();
      if (queue.isEmpty()) {
        return Optional.empty();
      }
      Optional<Holder> first = read(queue.get(0).name());
      if (first.isPresent()) {
        return first;
      }
    }
    throw new CoordinationException("the leader of " + path + " kept changing while being read");
  }

  /** The candidates in queue order; the first one holds. */
  public List<Holder> participants() {
    List<Holder> result = new ArrayList<>();
    for (CandidateName c : queue()) {
      read(c.name()).ifPresent(result::add);
    }
    return List.copyOf(result);
  }

  private List<CandidateName> queue() {
    try {
      return CandidateOrder.order(client.getChildren().forPath(path), ignored -> {});
    } catch (KeeperException.NoNodeException e) {
      return List.of();
    } catch (Exception e) {
      throw new CoordinationException("cannot list the candidates of " + path, keepInterrupt(e));
    }
  }

  /** The candidate {@code name}, or empty if it is gone. */
  private Optional<Holder> read(String name) {
    String nodePath = ZKPaths.makePath(path, name);
    Stat stat = new Stat();
    byte[] bytes;
    try {
      bytes = client.getData().storingStatIn(stat).forPath(nodePath);
    } catch (KeeperException.NoNodeException gone) {
      return Optional.empty();
    } catch (Exception e) {
      throw new CoordinationException(
          "cannot read the candidate " + name + " of " + path, keepInterrupt(e));
    }
    if (stat.getEphemeralOwner() == 0) {
      throw new MalformedCandidateException(
          nodePath, "it is not ephemeral, so no candidate created it");
    }
    return Optional.of(
        new Holder(
            CandidateData.decode(nodePath, bytes), FencingToken.of(path, stat.getCzxid()), name));
  }

  /** {@code e}, with this thread's interrupt flag restored if {@code e} is an interrupt. */
  private static Exception keepInterrupt(Exception e) {
    if (e instanceof InterruptedException) {
      Thread.currentThread().interrupt();
    }
    return e;
  }
}
