// SPDX-License-Identifier: Apache-2.0
package dev.baton.recipes.election;

import dev.baton.fencing.FencingToken;
import dev.baton.internal.Validation;
import dev.baton.recipes.BatonSession;
import dev.baton.recipes.CoordinationException;
import dev.baton.recipes.internal.queue.CandidateData;
import dev.baton.recipes.internal.queue.CandidateName;
import dev.baton.recipes.internal.queue.CandidateOrder;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.utils.ZKPaths;
import org.apache.zookeeper.KeeperException;
import org.apache.zookeeper.data.Stat;

/**
 * Reads an election without taking part: the current leader with its token, and the queue of
 * participants in order. Each call reads ZooKeeper afresh; the answer is as of the read, and a
 * handover may happen right after it.
 *
 * <p>What it reads is parsed defensively. Children whose names are not candidate names (see {@code
 * CandidateName}) are not candidates and are left out. A child named like a candidate whose data is
 * not a participant id, or that is not ephemeral, fails the read with {@link
 * MalformedCandidateException}: the candidates order the queue by name alone, so skipping it could
 * name a wrong leader.
 *
 * <p>Thread-safe.
 */
public final class ElectionObserver {
  private static final int ATTEMPTS = 5;

  private final CuratorFramework client;
  private final String path;

  /**
   * Observes the election on {@code path} through {@code session}.
   *
   * @throws NullPointerException if {@code session} or {@code path} is null
   * @throws IllegalArgumentException if the path is invalid
   */
  public ElectionObserver(BatonSession session, String path) {
    Objects.requireNonNull(session, "session");
    Objects.requireNonNull(path, "path");
    Validation.path("election", path);
    FencingToken.checkScope("election", path);
    this.client = session.curator();
    this.path = path;
  }

  /**
   * The current leader, or empty when nobody is in the queue.
   *
   * @throws MalformedCandidateException if the first znode of the queue is not a candidate's
   * @throws CoordinationException if ZooKeeper cannot be read
   */
  public Optional<LeaderInfo> currentLeader() {
    for (int attempt = 0; attempt < ATTEMPTS; attempt++) {
      List<CandidateName> queue = queue();
      if (queue.isEmpty()) {
        return Optional.empty();
      }
      CandidateName first = queue.get(0);
      Stat stat = new Stat();
      Optional<String> id = read(first.name(), stat);
      if (id.isPresent()) {
        return Optional.of(
            new LeaderInfo(id.get(), FencingToken.of(path, stat.getCzxid()), first.name()));
      }
    }
    throw new CoordinationException("the leader of " + path + " kept changing while being read");
  }

  /**
   * The participants in queue order; the first one leads.
   *
   * @throws MalformedCandidateException if a znode of the queue is not a candidate's
   * @throws CoordinationException if ZooKeeper cannot be read
   */
  public List<Participant> participants() {
    List<Participant> result = new ArrayList<>();
    for (CandidateName c : queue()) {
      Optional<String> id = read(c.name(), new Stat());
      id.ifPresent(s -> result.add(new Participant(result.size(), s, c.name())));
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

  /** The participant id of the candidate {@code name}, or empty if it is gone. */
  private Optional<String> read(String name, Stat stat) {
    String nodePath = ZKPaths.makePath(path, name);
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
    return Optional.of(CandidateData.decode(nodePath, bytes));
  }

  /**
   * {@code e}, after restoring this thread's interrupt flag if {@code e} is an interrupt: the
   * caller gets a {@link CoordinationException}, and its thread still knows it was asked to stop.
   */
  private static Exception keepInterrupt(Exception e) {
    if (e instanceof InterruptedException) {
      Thread.currentThread().interrupt();
    }
    return e;
  }
}
